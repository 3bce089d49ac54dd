/* The optional C core: the rules (_rules.py: the placing tables, legal moves, a move
 * and its undo, with the flip, the points and the win), the YU1 shuffle (_codes.py), the
 * learning observation (_observation.py), many games stepped at once (_batch.Batch), and
 * the nine searches of the solver (_solver._Search) with their shared table and dead-end
 * check. Each is the same computation as its Python twin, which stays the reference and
 * runs where the core is not built: every rule is stated once in Python and once here,
 * and tests/test_core_rules.py (the rules, the batch, the shuffle) and
 * tests/test_core.py (the searches) hold the two together and name the rule when they
 * differ. The solver's sizes (_solver.Tuning) are Python's; the core runs what it is
 * handed.
 *
 * A position is packed into a few small arrays: the 52 cards of the columns laid end to
 * end (column 0 first, each bottom to top), each column's length and face-down count,
 * the foundation counts, and where each card lies (as in _rules.Position: its column
 * 0-6 when face up, 7 on a foundation, 8 plus its column when face down).
 *
 * Cards are deck indices: suit * 13 + rank - 1, suits spades, hearts, diamonds, clubs.
 */
/* Built against the Limited API of Python 3.10, so that one abi3 wheel per platform
 * serves every Python from 3.10 on. The blocks the searches hold come from plain
 * malloc/realloc/free: they are allocated with the GIL released. */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030A0000
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FOUNDATION 7
#define FACE_DOWN 8
#define GROUP_LIMIT 20
#define FOUNDATION_POINTS 10 /* scoring, as _scoring.py: a card placed home */
#define FLIP_POINTS 5        /* and a card turned face up */
#define MAX_SCORE 1000000000000LL /* as _scoring.MAX_SCORE: points past it are not counted */

/* The points a move scores (as _scoring.move_points): a card placed home, and the card
 * it turns up; a return scores nothing. */
static inline int move_points(int home, int turned_up) {
    return home * FOUNDATION_POINTS + turned_up * FLIP_POINTS;
}

/* The card suit's foundation takes next (as _rules.next_home). */
static inline int next_home(const uint8_t *found, int suit) {
    return suit * 13 + found[suit];
}

/* The score with points added, never past MAX_SCORE (as _scoring.scored). */
static inline long long scored(long long score, int points) {
    return score > MAX_SCORE - points ? MAX_SCORE : score + points;
}
#define NONE 52
#define MAX_MOVES 64
#define MAX_WEIGHT 1000 /* a weight above this is no ranking the solver uses */

/* The limits the arrays below are sized by. A position has at most 4 foundation moves
 * and, for each of the 7 columns, one card of each suit that fits on its last card. A
 * key holds each column's length and face-down count and its cards (52 in all), the 4
 * foundation counts, and for a return the marker, the waiting column's two counts and
 * its cards again; its length is stored in one byte. */
_Static_assert(4 + 7 * 4 <= MAX_MOVES, "MAX_MOVES holds every legal move");
_Static_assert(52 * MAX_WEIGHT * 8 < INT_MAX / 4, "priorities cannot overflow");

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif

typedef struct {
    uint8_t cards[52];
    uint8_t len[7];
    uint8_t hid[7];
    uint8_t found[4];
    uint8_t in_cols; /* cards in the columns */
    uint8_t where[52]; /* derived from the rest, so a stored position leaves it out */
    uint8_t index[52]; /* derived too: a column's card's place in it, from the bottom */
    uint8_t start[7];  /* and where each column starts among the cards */
} Pos;

static uint8_t FITS[2][52][53];   /* FITS[relaxed][c][t]: c may go on t (52: empty) */
static uint8_t PARENTS[2][52][4]; /* the cards c may go on */
static uint8_t NPARENTS[2][52];
static uint64_t PARENT_SET[2][52]; /* the same cards as a set: bit t for card t */
static uint8_t CHILDREN[2][53][4]; /* the cards that may go on t (52: empty), suit order */
static uint8_t NCHILDREN[2][53];
static const uint8_t PARTNER[4] = {3, 2, 1, 0};
static const uint8_t OTHER[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};

static int is_red(int c) { return c / 13 == 1 || c / 13 == 2; }

static void init_tables(void) {
    memset(NCHILDREN, 0, sizeof NCHILDREN);
    memset(PARENT_SET, 0, sizeof PARENT_SET);
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 52; c++) {
            NPARENTS[r][c] = 0;
            for (int t = 0; t < 53; t++) {
                int ok;
                if (t == 52)
                    ok = c % 13 == 12;
                else
                    ok = t % 13 == c % 13 + 1 && (r || is_red(t) != is_red(c));
                FITS[r][c][t] = (uint8_t)ok;
                if (ok && t < 52) {
                    PARENTS[r][c][NPARENTS[r][c]++] = (uint8_t)t;
                    PARENT_SET[r][c] |= (uint64_t)1 << t;
                }
                if (ok)
                    CHILDREN[r][t][NCHILDREN[r][t]++] = (uint8_t)c;
            }
        }
}

static inline int start_of(const Pos *p, int s) { return p->start[s]; }

/* Each column's start, from the lengths: after they change. */
static inline void set_starts(Pos *p) {
    for (int s = 0, at = 0; s < 7; at += p->len[s], s++)
        p->start[s] = (uint8_t)at;
}

static inline int top_of(const Pos *p, int s) {
    return p->len[s] ? p->cards[start_of(p, s) + p->len[s] - 1] : NONE;
}

/* Where card c lies in column s, from the bottom; -1 when it is not there. */
static inline int index_in(const Pos *p, int s, int c) {
    return p->where[c] == s || p->where[c] == s + FACE_DOWN ? p->index[c] : -1;
}

/* The position after a legal move (card c to dest: a column, or 7 for its foundation). */
static void apply(const Pos *p, Pos *q, int c, int dest) {
    *q = *p;
    int s = p->where[c];
    int suit = c / 13;
    if (s == FOUNDATION) { /* a return: c goes on the last card of column dest */
        int end = start_of(q, dest) + q->len[dest];
        memmove(q->cards + end + 1, q->cards + end, (size_t)(q->in_cols - end));
        q->cards[end] = (uint8_t)c;
        q->index[c] = q->len[dest];
        q->len[dest]++;
        q->in_cols++;
        q->found[suit]--;
        q->where[c] = (uint8_t)dest;
        set_starts(q);
        return;
    }
    int from = start_of(q, s);
    int pos = index_in(q, s, c);
    int size = q->len[s] - pos;
    if (dest == FOUNDATION) {
        int at = from + pos;
        memmove(q->cards + at, q->cards + at + 1, (size_t)(q->in_cols - at - 1));
        q->in_cols--;
        q->found[suit]++;
        q->where[c] = FOUNDATION;
    } else {
        uint8_t group[52];
        memcpy(group, q->cards + from + pos, (size_t)size);
        /* take the group out, then put it at the end of column dest */
        int at = from + pos;
        memmove(q->cards + at, q->cards + at + size, (size_t)(q->in_cols - at - size));
        q->len[s] = (uint8_t)pos;
        int end = start_of(q, dest) + q->len[dest] - (dest > s ? size : 0);
        int rest = q->in_cols - size - end;
        memmove(q->cards + end + size, q->cards + end, (size_t)rest);
        memcpy(q->cards + end, group, (size_t)size);
        for (int i = 0; i < size; i++) {
            q->where[group[i]] = (uint8_t)dest;
            q->index[group[i]] = (uint8_t)(q->len[dest] + i);
        }
        q->len[dest] = (uint8_t)(q->len[dest] + size);
    }
    q->len[s] = (uint8_t)pos;
    set_starts(q);
    if (pos && pos == q->hid[s]) { /* the card under it turns up */
        q->hid[s] = (uint8_t)(pos - 1);
        q->where[q->cards[start_of(q, s) + pos - 1]] = (uint8_t)s;
    }
}

static int is_won(const Pos *p) {
    return p->found[0] == 13 && p->found[1] == 13 && p->found[2] == 13 &&
           p->found[3] == 13;
}

/* ---- the memory budget: every block a search holds is counted, and a block that would
 * take the count past the limit is refused, as if the memory had run out (a flag tells
 * the two apart). Several searches can share one budget, and must when they share a
 * table; only one of them runs at a time (see idle()). */

typedef struct Store Store;

typedef struct {
    PyObject_HEAD
    size_t used, peak, limit;
    Store *store; /* what its searches have searched (see the store's notes) */
    int exceeded; /* a block was refused for the limit, not by the allocator */
    int busy;     /* a search counting against it is running, without the GIL */
} Budget;

static PyObject *BudgetType; /* the module's heap types, made once */
static PyObject *SeekerType;

/* For the tests' fault injection (_fail_allocation): the number of blocks still to
 * grant before one is refused as if the memory had run out; -1: never. */
static long long allocations_to_fail = -1;

/* Whether a block of `more` bytes more may be taken: the budget has room for it, and
 * the fault injection does not refuse it. */
static int budget_allows(Budget *b, size_t more) {
    if (more > b->limit - b->used) {
        b->exceeded = 1;
        return 0;
    }
    return !(allocations_to_fail >= 0 && allocations_to_fail-- == 0);
}

static void budget_count(Budget *b, size_t freed, size_t taken) {
    b->used = b->used - freed + taken;
    if (b->used > b->peak)
        b->peak = b->used;
}

/* A block of new_size bytes in place of old (old_size bytes, NULL: none); NULL when
 * the budget or the allocator refuses, and then old is as it was. */
static void *budget_realloc(Budget *b, void *old, size_t old_size, size_t new_size) {
    if (!budget_allows(b, new_size > old_size ? new_size - old_size : 0))
        return NULL;
    void *block = realloc(old, new_size ? new_size : 1);
    if (block)
        budget_count(b, old_size, new_size);
    return block;
}

/* n items of size bytes, zeroed; NULL when refused or when n * size overflows. From
 * calloc, which gets large zeroed blocks from the kernel without writing them. */
static void *budget_calloc(Budget *b, size_t n, size_t size) {
    if (size && n > SIZE_MAX / size)
        return NULL;
    size_t bytes = n * size;
    if (!budget_allows(b, bytes))
        return NULL;
    void *block = calloc(bytes > 0 ? bytes : 1, 1);
    if (block)
        budget_count(b, 0, bytes);
    return block;
}

static void budget_free(Budget *b, void *block, size_t size) {
    if (block) {
        free(block);
        b->used -= size;
    }
}

#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Ask the kernel to back a large block with huge pages where it can (Linux): the
 * table and the positions are read at random across gigabytes, and with small pages
 * nearly every such read also misses the address cache. Only a hint; nothing depends
 * on it. */
static void huge_pages(void *block, size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)1 << 21;
    uintptr_t start = ((uintptr_t)block + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)block + size) & ~(huge - 1);
    if (block && end > start)
        madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)block;
    (void)size;
#endif
}

/* ---- the store: the columns and positions the searches of one budget have searched.
 * A column (its face-down count and cards) is kept once, however many positions hold
 * it, under a number; a position is kept as its seven columns' numbers, in the order of
 * its columns, with the way back to the start (the position it was found from, and the
 * move). The foundations are not kept: every card not in a column is home, so the
 * columns decide them. Tables of searched positions hold positions' numbers. The
 * searches of one budget share its store (only one of them runs at a time), and the
 * last of them to let go frees it. Items are kept in chunks of equal size, so a large
 * search never copies what it holds to grow. */

#define ABSENT UINT32_MAX /* no column, position or parent */

typedef struct {
    uint64_t hash;  /* column_hash of its cards */
    uint32_t cards; /* where its cards start among the store's card bytes */
    uint8_t len, hid;
} Column;

typedef struct {
    uint32_t column[7]; /* the columns' numbers, in the order of the position's columns */
    uint32_t parent;    /* the position it was found from; ABSENT: the start */
    uint16_t via;       /* the move from there */
    int8_t target;      /* the column a returned card waits in; -1: none */
} Item;

typedef struct {
    uint8_t **chunks;
    size_t nchunks, cap_chunks;
    size_t count; /* items (or card bytes) in use, gaps at chunk ends included */
    size_t size;  /* bytes an item */
    int bits;     /* a chunk holds 2^bits items */
} Chunks;

struct Store {
    Chunks columns, cards, items;
    uint32_t *map; /* column number + 1 by column hash (0: free), open addressing */
    size_t map_slots;
    Py_ssize_t holders;
    Budget *budget; /* borrowed: the budget holds the store */
};

/* How many items of each kind a chunk holds, as a power of two. */
#define COLUMN_BITS 15
#define CARD_BITS 18
#define ITEM_BITS 16

/* Item i of a kind whose chunks hold 2^bits items of `size` bytes: called with both
 * constant, so that finding an item costs a shift and a mask. */
static inline void *chunk_of(const Chunks *c, size_t i, int bits, size_t size) {
    return c->chunks[i >> bits] + (i & (((size_t)1 << bits) - 1)) * size;
}

/* Room for n more items in one chunk (a chunk's end left unused when they would not
 * fit): their first index, or SIZE_MAX when refused. */
static size_t chunk_reserve(Chunks *c, Budget *b, size_t n) {
    size_t per = (size_t)1 << c->bits, at = c->count;
    if (at % per + n > per)
        at += per - at % per; /* the next chunk */
    if (at + n > (size_t)c->nchunks * per) {
        if (c->nchunks == c->cap_chunks) {
            size_t cap = c->cap_chunks ? c->cap_chunks * 2 : 16;
            uint8_t **grown = budget_realloc(b, c->chunks, c->cap_chunks * sizeof *grown,
                                             cap * sizeof *grown);
            if (!grown)
                return SIZE_MAX;
            c->chunks = grown;
            c->cap_chunks = cap;
        }
        uint8_t *chunk = budget_realloc(b, NULL, 0, per * c->size);
        if (!chunk)
            return SIZE_MAX;
        huge_pages(chunk, per * c->size);
        c->chunks[c->nchunks++] = chunk;
    }
    c->count = at + n;
    return at;
}

static void chunks_free(Chunks *c, Budget *b) {
    for (size_t i = 0; i < c->nchunks; i++)
        budget_free(b, c->chunks[i], ((size_t)1 << c->bits) * c->size);
    budget_free(b, c->chunks, c->cap_chunks * sizeof(uint8_t *));
    c->chunks = NULL;
    c->nchunks = c->cap_chunks = c->count = 0;
}

static inline const Column *column_at(const Store *st, uint32_t id) {
    return chunk_of(&st->columns, id, COLUMN_BITS, sizeof(Column));
}

static inline const Item *item_at(const Store *st, uint32_t id) {
    return chunk_of(&st->items, id, ITEM_BITS, sizeof(Item));
}

static inline const uint8_t *cards_of(const Store *st, const Column *col) {
    return chunk_of(&st->cards, col->cards, CARD_BITS, 1);
}

/* The store of a budget's searches, made by the first; NULL when refused. */
static Store *store_hold(Budget *b) {
    if (b->store) {
        b->store->holders++;
        return b->store;
    }
    Store *st = budget_calloc(b, 1, sizeof(Store));
    if (!st)
        return NULL;
    st->columns = (Chunks){.size = sizeof(Column), .bits = COLUMN_BITS};
    st->cards = (Chunks){.size = 1, .bits = CARD_BITS};
    st->items = (Chunks){.size = sizeof(Item), .bits = ITEM_BITS};
    st->holders = 1;
    st->budget = b;
    b->store = st;
    return st;
}

static void store_release(Store *st) {
    if (!st || --st->holders)
        return;
    Budget *b = st->budget;
    chunks_free(&st->columns, b);
    chunks_free(&st->cards, b);
    chunks_free(&st->items, b);
    budget_free(b, st->map, st->map_slots * sizeof(uint32_t));
    b->store = NULL;
    budget_free(b, st, sizeof(Store));
}

/* A column's number, or ABSENT when the store has no such column. */
static uint32_t column_find(const Store *st, const uint8_t *cards, int len, int hid,
                            uint64_t hash) {
    if (!st->map_slots)
        return ABSENT;
    size_t mask = st->map_slots - 1;
    for (size_t j = (size_t)hash & mask; st->map[j]; j = (j + 1) & mask) {
        uint32_t id = st->map[j] - 1;
        const Column *col = column_at(st, id);
        if (col->hash == hash && col->len == len && col->hid == hid &&
            !memcmp(cards_of(st, col), cards, (size_t)len))
            return id;
    }
    return ABSENT;
}

static int column_map_grow(Store *st) {
    size_t slots = st->map_slots ? st->map_slots * 2 : 1024;
    uint32_t *map = budget_calloc(st->budget, slots, sizeof *map);
    if (!map)
        return -1;
    for (size_t id = 0; id < st->columns.count; id++) {
        size_t j = (size_t)column_at(st, (uint32_t)id)->hash & (slots - 1);
        while (map[j])
            j = (j + 1) & (slots - 1);
        map[j] = (uint32_t)id + 1;
    }
    budget_free(st->budget, st->map, st->map_slots * sizeof *map);
    st->map = map;
    st->map_slots = slots;
    return 0;
}

/* A column's number, kept first when new; ABSENT when refused. */
static uint32_t column_keep(Store *st, const uint8_t *cards, int len, int hid,
                            uint64_t hash) {
    uint32_t id = column_find(st, cards, len, hid, hash);
    if (id != ABSENT)
        return id;
    if (st->columns.count >= ABSENT - 1 || st->cards.count > UINT32_MAX - 64)
        return ABSENT; /* numbers and card offsets are 32 bits */
    if ((st->columns.count + 1) * 2 > st->map_slots && column_map_grow(st) < 0)
        return ABSENT;
    size_t at = chunk_reserve(&st->cards, st->budget, len ? (size_t)len : 1);
    if (at == SIZE_MAX)
        return ABSENT;
    size_t slot = chunk_reserve(&st->columns, st->budget, 1);
    if (slot == SIZE_MAX)
        return ABSENT;
    Column *col = chunk_of(&st->columns, slot, COLUMN_BITS, sizeof(Column));
    col->hash = hash;
    col->cards = (uint32_t)at;
    col->len = (uint8_t)len;
    col->hid = (uint8_t)hid;
    memcpy(chunk_of(&st->cards, at, CARD_BITS, 1), cards, (size_t)len);
    size_t mask = st->map_slots - 1, j = (size_t)hash & mask;
    while (st->map[j])
        j = (j + 1) & mask;
    st->map[j] = (uint32_t)slot + 1;
    return (uint32_t)slot;
}

/* A position's number, kept; ABSENT when refused. */
static uint32_t item_keep(Store *st, const uint32_t *columns, uint32_t parent,
                          uint16_t via, int target) {
    if (st->items.count >= ABSENT - 1)
        return ABSENT;
    size_t at = chunk_reserve(&st->items, st->budget, 1);
    if (at == SIZE_MAX)
        return ABSENT;
    Item *it = chunk_of(&st->items, at, ITEM_BITS, sizeof(Item));
    memcpy(it->column, columns, sizeof it->column);
    it->parent = parent;
    it->via = via;
    it->target = (int8_t)target;
    return (uint32_t)at;
}

/* A position's key: its columns' numbers and the waiting column's number (ABSENT:
 * none). Two keys are the same when they hold the same numbers in any order (swapping
 * two columns changes nothing that matters) and the same waiting column. */
typedef struct {
    uint32_t column[7];
    uint32_t waiting;
} Key;

static inline void order2(uint32_t *a, uint32_t *b) {
    uint32_t low = *a < *b ? *a : *b, high = *a < *b ? *b : *a;
    *a = low;
    *b = high;
}

static void sort7(uint32_t *c) {
    static const uint8_t NETWORK[16][2] = {/* sorts any seven: 16 exchanges, no branch */
                                           {0, 6}, {2, 3}, {4, 5}, {0, 2}, {1, 4}, {3, 6},
                                           {0, 1}, {2, 5}, {3, 4}, {1, 2}, {4, 6}, {2, 3},
                                           {4, 5}, {1, 2}, {3, 4}, {5, 6}};
    for (int k = 0; k < 16; k++)
        order2(&c[NETWORK[k][0]], &c[NETWORK[k][1]]);
}

static void make_key(const uint32_t *columns, int target, Key *key) {
    memcpy(key->column, columns, sizeof key->column);
    key->waiting = target < 0 ? ABSENT : columns[target];
}

/* Whether two lists of seven column numbers hold the same numbers: most often in the
 * same order (a position reached again by other moves keeps its columns where they
 * were), so they are sorted only when they differ as they stand. */
static int same_columns(const uint32_t *a, const uint32_t *b) {
    if (!memcmp(a, b, 7 * sizeof *a))
        return 1;
    uint32_t x[7], y[7];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    sort7(x);
    sort7(y);
    return !memcmp(x, y, sizeof x);
}

/* ---- the table of searched positions: open addressing on the high bits of a 64-bit
 * hash; a slot holds the hash's high 32 bits and the position's number + 1 (0: free),
 * and two positions are the same only when their keys are. Indexing by the high bits
 * lets the table grow without hashing anything again. */

#define TABLE_BITS_MAX 32

typedef struct {
    uint64_t *slots_;
    size_t used;
    int bits; /* 2^bits slots */
    Budget *budget; /* what it counts against (held by the Shared owning it) */
} Table;

/* A position's hash is the sum of its columns' hashes, and the waiting column's: like
 * the key, it does not depend on the order of the columns, and a child's hash needs
 * only the columns its move changed hashed again. */

static inline uint64_t mix(uint64_t h) {
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 29;
    h *= 0x94d049bb133111ebULL;
    h ^= h >> 32;
    return h;
}

static uint64_t column_hash(const uint8_t *cards, int len, int hid) {
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)(len << 8 | hid);
    int i = 0;
    for (; i + 8 <= len; i += 8) { /* eight bytes at a time */
        uint64_t w;
        memcpy(&w, cards + i, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    for (; i < len; i++)
        h = (h ^ cards[i]) * 0x94d049bb133111ebULL;
    return mix(h);
}

static uint64_t position_hash(const uint64_t *columns, int target) {
    uint64_t h = 0x5bd1e9955bd1e995ULL;
    for (int s = 0; s < 7; s++)
        h += columns[s];
    if (target >= 0)
        h ^= mix(columns[target] + 0x2545f4914f6cdd1dULL);
    return mix(h);
}

static void column_hashes(const Pos *p, uint64_t *columns) {
    for (int s = 0; s < 7; s++)
        columns[s] = column_hash(p->cards + start_of(p, s), p->len[s], p->hid[s]);
}

static int table_init(Table *t, Budget *budget) {
    t->budget = budget;
    t->used = 0;
    t->bits = 12;
    t->slots_ = budget_calloc(budget, (size_t)1 << t->bits, sizeof(uint64_t));
    return t->slots_ ? 0 : -1;
}

static void table_free(Table *t) {
    if (t->budget)
        budget_free(t->budget, t->slots_, ((size_t)1 << t->bits) * sizeof(uint64_t));
    memset(t, 0, sizeof *t);
}

static inline size_t table_home(const Table *t, uint32_t tag) {
    return (size_t)(tag >> (32 - t->bits));
}

static inline const void *table_slot_address(const Table *t, uint64_t h) {
    return &t->slots_[table_home(t, (uint32_t)(h >> 32))];
}

/* Whether the position with this number has this key. */
static int same_key(const Store *st, uint32_t id, const Key *key) {
    const Item *it = item_at(st, id);
    uint32_t waiting = it->target < 0 ? ABSENT : it->column[it->target];
    return waiting == key->waiting && same_columns(it->column, key->column);
}

/* The slot holding the key (*found = 1), or the free slot where it would go. */
static size_t table_find(const Table *t, const Store *st, uint32_t tag, const Key *key,
                         int *found) {
    size_t mask = ((size_t)1 << t->bits) - 1;
    size_t j = table_home(t, tag);
    for (uint64_t slot; (slot = t->slots_[j]); j = (j + 1) & mask)
        if ((uint32_t)(slot >> 32) == tag && same_key(st, (uint32_t)slot - 1, key)) {
            *found = 1;
            return j;
        }
    *found = 0;
    return j;
}

static int table_grow(Table *t) {
    if (t->bits >= TABLE_BITS_MAX)
        return -1;
    int bits = t->bits + 1;
    size_t slots = (size_t)1 << bits, mask = slots - 1;
    uint64_t *grown = budget_calloc(t->budget, slots, sizeof *grown);
    if (!grown)
        return -1;
    huge_pages(grown, slots * sizeof *grown);
    for (size_t i = 0; i < slots / 2; i++) {
        uint64_t slot = t->slots_[i];
        if (!slot)
            continue;
        size_t j = (size_t)((uint32_t)(slot >> 32) >> (32 - bits));
        while (grown[j])
            j = (j + 1) & mask;
        grown[j] = slot;
    }
    budget_free(t->budget, t->slots_, slots / 2 * sizeof *grown);
    t->slots_ = grown;
    t->bits = bits;
    return 0;
}

/* Put position id in free slot j (as table_find gave it); -1 when the table could
 * not grow (it holds the position all the same). */
static int table_put(Table *t, size_t j, uint32_t tag, uint32_t id) {
    t->slots_[j] = (uint64_t)tag << 32 | ((uint64_t)id + 1);
    t->used++;
    if (t->used * 4 > ((size_t)3 << t->bits))
        return table_grow(t);
    return 0;
}

/* ---- the rules' moves, ordered as _solver._ordered orders them */

static int legal_moves(const Pos *p, int relaxed, uint16_t *out) {
    const uint8_t *start = p->start;
    int n = 0, longest = 0;
    for (int s = 0; s < 7; s++)
        if (p->len[s] > longest)
            longest = p->len[s];
    for (int suit = 0; suit < 4; suit++) {
        int count = p->found[suit];
        if (count < 13) {
            int c = suit * 13 + count;
            int s = p->where[c];
            if (s < FOUNDATION && p->cards[start[s] + p->len[s] - 1] == c)
                out[n++] = (uint16_t)(c * 8 + FOUNDATION);
        }
    }
    for (int d = 0; d < 7; d++) {
        int top = p->len[d] ? p->cards[start[d] + p->len[d] - 1] : NONE;
        for (int k = 0; k < NCHILDREN[relaxed][top]; k++) {
            int c = CHILDREN[relaxed][top][k];
            int s = p->where[c];
            if (s < FOUNDATION) {
                if (s == d)
                    continue;
                if (longest > GROUP_LIMIT) {
                    int size = p->len[s] - index_in(p, s, c);
                    if (size > GROUP_LIMIT)
                        continue;
                }
                out[n++] = (uint16_t)(c * 8 + d);
            } else if (s == FOUNDATION && p->found[c / 13] == c % 13 + 1) {
                out[n++] = (uint16_t)(c * 8 + d);
            }
        }
    }
    return n;
}

/* As _solver._could_take_a_card: memo[column + 1][card] is -1 until known, for one
 * position. Ranks only fall on the way down, so no call waits on itself. */
static int could_take(const Pos *p, int relaxed, int card, int column, int8_t memo[8][52]) {
    int8_t *known = &memo[column + 1][card];
    if (*known < 0) {
        *known = 0;
        for (int k = 0; k < NCHILDREN[relaxed][card] && !*known; k++) {
            int x = CHILDREN[relaxed][card][k], w = p->where[x];
            if ((w < FOUNDATION && w != column) ||
                (w == FOUNDATION && could_take(p, relaxed, x, column, memo)))
                *known = 1;
        }
        if (!*known && card % 13 > 0)
            *known = (int8_t)could_take(p, relaxed, card - 1, -1, memo);
    }
    return *known;
}

static int ordered(const Pos *p, int relaxed, int target, uint16_t *out) {
    uint16_t moves[MAX_MOVES];
    int rank[MAX_MOVES], tie[MAX_MOVES];
    int n = legal_moves(p, relaxed, moves), k = 0;
    int returned = target >= 0 ? top_of(p, target) : -1;
    int8_t memo[8][52]; /* what could take a card, here: set at the first return */
    int memo_set = 0;
    for (int i = 0; i < n; i++) {
        int c = moves[i] >> 3, dest = moves[i] & 7;
        int s = p->where[c];
        int r, t = i;
        if (s == FOUNDATION) {
            if (target >= 0 && dest != target && c / 13 < returned / 13)
                continue; /* returns in a row, not one onto another: in suit order */
            if (!memo_set) {
                memset(memo, -1, sizeof memo);
                memo_set = 1;
            }
            if (!could_take(p, relaxed, c, dest, memo))
                continue;
            r = 5;
        } else if (target >= 0 && dest != target) {
            continue; /* after a return, only a move onto the returned card */
        } else {
            int pos = index_in(p, s, c);
            if (dest == FOUNDATION)
                r = 0;
            else if (pos == 0) {
                if (c % 13 == 12)
                    continue; /* a King at a column's base: the same position */
                r = 3;
            } else if (pos == p->hid[s]) {
                r = 1;
                t = -p->hid[s];
            } else
                r = 4;
        }
        int j = k - 1; /* insertion, stable */
        while (j >= 0 && (rank[j] > r || (rank[j] == r && tie[j] > t))) {
            rank[j + 1] = rank[j];
            tie[j + 1] = tie[j];
            out[j + 1] = out[j];
            j--;
        }
        rank[j + 1] = r;
        tie[j + 1] = t;
        out[j + 1] = moves[i];
        k++;
    }
    return k;
}

/* As _solver._next_home_and_last, for one suit: the column whose last card is the
 * suit's next card for its foundation, or -1; with the foundations and column lengths
 * given (dominance tries positions with cards sent home: shorter columns, the same
 * starts). */
static int next_home_and_last(const Pos *p, const uint8_t *found, const uint8_t *len,
                              int suit) {
    if (found[suit] == 13)
        return -1;
    int c = next_home(found, suit), s = p->where[c];
    if (s >= FOUNDATION || !len[s] || p->cards[start_of(p, s) + len[s] - 1] != c)
        return -1;
    return s;
}

/* As _solver.safe_move: -1 when there is none. */
static int safe_move(const Pos *p, int relaxed) {
    for (int suit = 0; suit < 4; suit++) {
        if (next_home_and_last(p, p->found, p->len, suit) < 0)
            continue;
        int count = p->found[suit], c = suit * 13 + count;
        int rank = count + 1, ok;
        if (relaxed) {
            ok = 1;
            for (int t = 0; t < 4; t++)
                if (t != suit && p->found[t] < rank - 1)
                    ok = 0;
        } else {
            ok = p->found[OTHER[suit][0]] >= rank - 1 &&
                 p->found[OTHER[suit][1]] >= rank - 1 &&
                 p->found[PARTNER[suit]] >= rank - 2;
        }
        if (ok)
            return c * 8 + FOUNDATION;
    }
    return -1;
}

/* ---- dead ends: _solver.dead_end, pass for pass (its docstring gives the argument);
 * each pass here keeps the cards it leaves stuck as it goes, in their order. */

static int twins_deadlocked(const Pos *p) {
    for (int s = 0; s < 7; s++) {
        const uint8_t *col = p->cards + start_of(p, s);
        int fixed = p->len[s] ? p->hid[s] + 1 : 0;
        for (int i = 1; i < fixed; i++) {
            int x = col[i];
            for (int j = 0; j < i; j++) {
                int y = col[j];
                if (x % 13 != y % 13 || x % 13 == 12 || x / 13 != PARTNER[y / 13])
                    continue;
                int place = 0, low_x = 0, low_y = 0;
                for (int u = 0; u < j; u++) {
                    int q = col[u];
                    for (int k = 0; k < NPARENTS[0][x]; k++)
                        if (PARENTS[0][x][k] == q)
                            place = 1;
                    if (q / 13 == x / 13 && q < x)
                        low_x = 1;
                    if (q / 13 == y / 13 && q < y)
                        low_y = 1;
                }
                if (place && low_x && low_y)
                    return 1;
            }
        }
    }
    return 0;
}

static int dead_end(const Pos *p, int relaxed, int moved) {
    const uint8_t *where = p->where, *start = p->start;
    int empty = 0;
    for (int s = 0; s < 7; s++)
        if (!p->len[s])
            empty++;
    if (moved >= 0) { /* first the quick ways out for the moved card */
        int w = where[moved];
        int last = w < FOUNDATION && p->cards[start[w] + p->len[w] - 1] == moved;
        if (last && p->found[moved / 13] == moved % 13)
            return 0;
        if (moved % 13 == 12) {
            if (empty && w < FOUNDATION && p->cards[start[w]] != moved)
                return 0;
        } else {
            for (int k = 0; k < NPARENTS[relaxed][moved]; k++) {
                int t = PARENTS[relaxed][moved][k];
                int wt = where[t];
                if (wt < FOUNDATION && p->cards[start[wt] + p->len[wt] - 1] == t &&
                    wt != w)
                    return 0;
            }
        }
    }
    uint8_t over[53], under[53];
    uint8_t live[52];
    int nlive = 0;
    memset(over, NONE, sizeof over);
    memset(under, NONE, sizeof under);
    /* The set S, as bits: the cards still held stuck (bit NONE never set). The cards
     * with nothing stuck on them (a card may go there, as far as S goes): at first the
     * last card of each column. And the cards by where they lie, and each column's
     * first card (it cannot go to an empty column: it is at the bottom already). */
    uint64_t stuck = 0, open = 0, bottom = 0, lying[16] = {0};
    for (int s = 0; s < 7; s++) {
        if (!p->len[s])
            continue;
        const uint8_t *col = p->cards + start[s];
        int below = NONE;
        uint64_t here = 0;
        for (int i = 0; i < p->len[s]; i++) {
            int c = col[i];
            over[below] = (uint8_t)c;
            under[c] = (uint8_t)below;
            below = c;
            here |= (uint64_t)1 << c;
        }
        lying[s] = here;
        bottom |= (uint64_t)1 << col[0];
        open |= (uint64_t)1 << below;
        for (int i = p->len[s] - 1; i >= 0; i--)
            live[nlive++] = col[i];
    }
    const uint64_t in_columns = stuck = lying[0] | lying[1] | lying[2] | lying[3] |
                                        lying[4] | lying[5] | lying[6];
    int lowest[4];
    for (int suit = 0; suit < 4; suit++) {
        int first = suit * 13, count = p->found[suit];
        lowest[suit] = first + count;
        for (int c = first + count - 1; c >= first; c--) {
            live[nlive++] = (uint8_t)c;
            over[c] = (uint8_t)(c < first + count - 1 ? c + 1 : NONE);
            stuck |= (uint64_t)1 << c;
            lying[FOUNDATION] |= (uint64_t)1 << c;
        }
    }
#define STUCK(c) (stuck >> (c) & 1)
    int openings = empty;
    const uint8_t *nparents = NPARENTS[relaxed];
    const uint8_t(*parents)[4] = PARENTS[relaxed];
    const uint64_t *parent_set = PARENT_SET[relaxed];
    int changed = 1;
    while (changed) { /* a pass over the cards still stuck, keeping those that stay */
        changed = 0;
        int kept = 0;
        for (int i = 0; i < nlive; i++) {
            int a = live[i];
            int placed = where[a];
            int homeward;
            if (STUCK(over[a])) {
                if (placed > FOUNDATION - 1) {
                    live[kept++] = (uint8_t)a;
                    continue;
                }
                homeward = 0;
            } else {
                homeward = placed != FOUNDATION && lowest[a / 13] == a;
            }
            if (!homeward) {
                int place = 0;
                if (a % 13 == 12) {
                    place = !(bottom >> a & 1) && openings;
                } else {
                    uint64_t open_parents = open & parent_set[a];
                    uint64_t beside = open_parents & lying[placed];
                    place = open_parents != beside;
                    for (int k = 0; beside && !place && k < nparents[a]; k++) {
                        int t = parents[a][k];
                        if (!(beside >> t & 1))
                            continue;
                        /* above a in its own column: glued to it by S? */
                        int up = over[a];
                        while (up != t && STUCK(up))
                            up = over[up];
                        place = !(up == t && STUCK(t));
                    }
                }
                if (!place) {
                    live[kept++] = (uint8_t)a;
                    continue;
                }
            }
            if (bottom >> a & 1) /* a column's first card: the column may empty */
                openings++;
            stuck &= ~((uint64_t)1 << a);
            if (placed == FOUNDATION) /* what a lies on, or a itself when home, opens */
                open |= (uint64_t)1 << a;
            else if (under[a] != NONE)
                open |= (uint64_t)1 << under[a];
            changed = 1;
            if (a == moved)
                return 0;
            if (placed != FOUNDATION) {
                int pair[2] = {a, under[a]};
                for (int k = 0; k < 2; k++) {
                    int c = pair[k];
                    if (c >= 52)
                        continue;
                    int suit = c / 13;
                    if (lowest[suit] == c && !STUCK(over[c])) {
                        int up = c, end = suit * 13 + 13;
                        while (up < end && !(STUCK(up) || STUCK(over[up])))
                            up++;
                        lowest[suit] = up;
                    }
                }
            }
        }
        nlive = kept;
    }
#undef STUCK
    if (stuck & in_columns)
        return 1;
    return moved < 0 && !relaxed && twins_deadlocked(p);
}

/* ---- reading a position from Python */

static int read_position(PyObject *cols, PyObject *hidden, PyObject *found, Pos *p) {
    memset(p, 0, sizeof *p);
    memset(p->where, FOUNDATION, sizeof p->where);
    if (!PyTuple_Check(cols) || PyTuple_Size(cols) != 7 || !PyTuple_Check(hidden) ||
        PyTuple_Size(hidden) != 7 || !PyTuple_Check(found) || PyTuple_Size(found) != 4) {
        PyErr_SetString(PyExc_ValueError, "expected 7 columns, 7 counts, 4 counts");
        return -1;
    }
    int at = 0;
    uint64_t seen = 0; /* bit c: card c was met; each card must be met exactly once */
    for (int s = 0; s < 7; s++) {
        PyObject *col = PyTuple_GetItem(cols, s); /* borrowed */
        if (!PyBytes_Check(col)) {
            PyErr_SetString(PyExc_TypeError, "a column is bytes");
            return -1;
        }
        Py_ssize_t n = PyBytes_Size(col);
        long down = PyLong_AsLong(PyTuple_GetItem(hidden, s));
        if (down == -1 && PyErr_Occurred())
            return -1;
        if (at + n > 52 || down < 0 || (n && down >= n) || (!n && down))
            goto bad;
        const uint8_t *cards = (const uint8_t *)PyBytes_AsString(col);
        for (Py_ssize_t i = 0; i < n; i++) {
            int c = cards[i];
            if (c >= 52 || (seen >> c & 1))
                goto bad;
            seen |= (uint64_t)1 << c;
            p->cards[at + i] = (uint8_t)c;
            p->where[c] = (uint8_t)(i >= down ? s : s + FACE_DOWN);
            p->index[c] = (uint8_t)i;
        }
        p->len[s] = (uint8_t)n;
        p->hid[s] = (uint8_t)down;
        p->start[s] = (uint8_t)at;
        at += (int)n;
    }
    p->in_cols = (uint8_t)at;
    for (int suit = 0; suit < 4; suit++) {
        long count = PyLong_AsLong(PyTuple_GetItem(found, suit));
        if (count == -1 && PyErr_Occurred())
            return -1;
        if (count < 0 || count > 13)
            goto bad;
        uint64_t home = (((uint64_t)1 << count) - 1) << (suit * 13);
        if (seen & home)
            goto bad;
        seen |= home;
        p->found[suit] = (uint8_t)count;
    }
    if (seen != ((uint64_t)1 << 52) - 1)
        goto bad;
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "not a position");
    return -1;
}

/* ---- the best-first search: _solver._Search, compiled step for step (same queue
 * order, same ties, so the same positions in the same order and the same line). Every
 * searched position is kept in the store, and a queue entry names the position it was
 * found from and the move, so the queue stays small. */

/* The position kept as id, with its columns' hashes and numbers. */
static void unpack(const Store *st, uint32_t id, Pos *p, uint64_t *hashes,
                   uint32_t *numbers) {
    const Item *it = item_at(st, id);
    const Column *cols[7];
    int at = 0;
    for (int s = 0; s < 7; s++) { /* ask for all seven at once */
        cols[s] = column_at(st, it->column[s]);
        PREFETCH(cols[s]);
    }
    for (int s = 0; s < 7; s++)
        PREFETCH(cards_of(st, cols[s]));
    memset(p->where, FOUNDATION, 52);
    for (int s = 0; s < 7; s++) {
        const Column *col = cols[s];
        const uint8_t *cards = cards_of(st, col);
        memcpy(p->cards + at, cards, col->len);
        p->start[s] = (uint8_t)at;
        p->len[s] = col->len;
        p->hid[s] = col->hid;
        for (int i = 0; i < col->len; i++) {
            p->where[cards[i]] = (uint8_t)(i >= col->hid ? s : s + FACE_DOWN);
            p->index[cards[i]] = (uint8_t)i;
        }
        at += col->len;
        hashes[s] = col->hash;
        numbers[s] = it->column[s];
    }
    for (int suit = 0; suit < 4; suit++) { /* a foundation holds its suit's lowest */
        int rank = 0; /* cards: up to the lowest still in a column */
        while (rank < 13 && p->where[suit * 13 + rank] == FOUNDATION)
            rank++;
        p->found[suit] = (uint8_t)rank;
    }
    p->in_cols = (uint8_t)at;
}

/* After a move from column source (FOUNDATION: a return) to dest: the hashes and
 * numbers (ABSENT: not in the store) of the columns it changed. */
static void moved_columns(const Store *st, const Pos *p, int source, int dest,
                          uint64_t *hashes, uint32_t *numbers) {
    for (int k = 0; k < 2; k++) {
        int s = k ? dest : source;
        if (s >= FOUNDATION)
            continue;
        const uint8_t *cards = p->cards + start_of(p, s);
        hashes[s] = column_hash(cards, p->len[s], p->hid[s]);
        numbers[s] = column_find(st, cards, p->len[s], p->hid[s], hashes[s]);
    }
}

static int all_kept(const uint32_t *numbers) {
    for (int s = 0; s < 7; s++)
        if (numbers[s] == ABSENT)
            return 0;
    return 1;
}

/* The target of a queued child that was searched already when it was queued. */
#define GHOST (-2)

/* A move waiting in a queue: from a searched position (its number), to the child. The
 * searches that do not rank positions themselves queue a child searched already, as
 * _Search does (their queue's length decides when they end), but with target GHOST, to
 * be skipped without being built again. A diving search's entry finds its depth in
 * its bucket's key. */
typedef struct {
    uint32_t parent; /* ABSENT: the start */
    uint16_t move;
    int8_t target; /* the column a returned card waits in, -1: none, or GHOST */
} Entry;

/* Room for one more item in a growing array (doubled when full); -1 when refused. */
static int reserve(Budget *budget, void **items, size_t *capacity, size_t used,
                   size_t size) {
    if (used < *capacity)
        return 0;
    if (*capacity > SIZE_MAX / 2 / size)
        return -1;
    size_t capacity_ = *capacity ? *capacity * 2 : 1024;
    void *grown = budget_realloc(budget, *items, *capacity * size, capacity_ * size);
    if (!grown)
        return -1;
    huge_pages(grown, capacity_ * size);
    *items = grown;
    *capacity = capacity_;
    return 0;
}

/* ---- the queue: _Search's heap, ordered by (priority, tie), kept as buckets.
 *
 * Its ties are made so that a bucket can stand for them. A search that breaks ties in
 * the order found numbers its entries as it queues them, so among equal priorities the
 * first queued comes out first: each priority is a first-in first-out bucket. A diving
 * search's tie puts the deepest first, then the latest position expanded, then the
 * move order: each (priority, depth) is a last-in first-out bucket, into which a
 * position's children go in reverse move order. Only the buckets that hold entries sit
 * in a small heap, by their key; an entry is pushed and popped in constant time, and
 * the entries of a bucket lie together in memory. */

typedef struct {
    Entry *items;
    uint32_t head, count, cap; /* first in, first out: items[head:count] */
    uint64_t key;
} Bucket;

typedef struct {
    Bucket *buckets;
    size_t nbuckets, cap_buckets;
    uint64_t *map_keys; /* key + 1 -> bucket (0: free slot), open addressing */
    uint32_t *map_values;
    size_t map_slots;
    int map_bits; /* map_slots is 2**map_bits */
    uint32_t *order; /* the buckets holding entries: a heap by key */
    size_t norder, cap_order;
    size_t size; /* entries in all */
    int lifo;
    Budget *budget; /* what it counts against (held by its Seeker) */
} Queue;

/* The bucket key: priority first (lower first), then, for a diving search, depth
 * (deeper first). */
static inline uint64_t bucket_key(int32_t priority, int32_t depth, int lifo) {
    uint64_t key = (uint64_t)((uint32_t)priority ^ 0x80000000u) << 32;
    return lifo ? key | (uint32_t)(0xffffffffu - (uint32_t)depth) : key;
}

static void queue_free(Queue *q) {
    Budget *b = q->budget;
    if (b) {
        for (size_t i = 0; i < q->nbuckets; i++)
            budget_free(b, q->buckets[i].items, q->buckets[i].cap * sizeof(Entry));
        budget_free(b, q->buckets, q->cap_buckets * sizeof(Bucket));
        budget_free(b, q->map_keys, q->map_slots * sizeof(uint64_t));
        budget_free(b, q->map_values, q->map_slots * sizeof(uint32_t));
        budget_free(b, q->order, q->cap_order * sizeof(uint32_t));
    }
    int lifo = q->lifo;
    memset(q, 0, sizeof *q);
    q->lifo = lifo;
    q->budget = b;
}

/* Where a bucket's key is looked for first in a map of 2**bits slots: the top bits of
 * a multiplicative hash. Its low bits would not do: a search that breaks ties in the
 * order found keys its buckets by priority alone, in the key's high half, and all those
 * keys would start at the same slot. */
static inline size_t bucket_home(uint64_t key, int bits) {
    return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

/* The bucket for a key, made when new; -1 when out of memory. */
static long queue_bucket(Queue *q, uint64_t key) {
    if (q->nbuckets >= UINT32_MAX)
        return -1; /* bucket numbers are 32 bits */
    if ((q->nbuckets + 1) * 2 > q->map_slots) { /* grow the map, and place all again */
        size_t slots = q->map_slots ? q->map_slots * 2 : 1024;
        int bits = q->map_slots ? q->map_bits + 1 : 10;
        uint64_t *keys = budget_calloc(q->budget, slots, sizeof *keys);
        uint32_t *values = keys ? budget_calloc(q->budget, slots, sizeof *values) : NULL;
        if (!keys || !values) {
            budget_free(q->budget, keys, slots * sizeof *keys);
            return -1;
        }
        for (size_t b = 0; b < q->nbuckets; b++) {
            uint64_t k = q->buckets[b].key;
            size_t j = bucket_home(k, bits);
            while (keys[j])
                j = (j + 1) & (slots - 1);
            keys[j] = k + 1;
            values[j] = (uint32_t)b;
        }
        budget_free(q->budget, q->map_keys, q->map_slots * sizeof *keys);
        budget_free(q->budget, q->map_values, q->map_slots * sizeof *values);
        q->map_keys = keys;
        q->map_values = values;
        q->map_slots = slots;
        q->map_bits = bits;
    }
    size_t j = bucket_home(key, q->map_bits);
    while (q->map_keys[j]) {
        if (q->map_keys[j] == key + 1)
            return q->map_values[j];
        j = (j + 1) & (q->map_slots - 1);
    }
    if (reserve(q->budget, (void **)&q->buckets, &q->cap_buckets, q->nbuckets,
                sizeof(Bucket)) < 0)
        return -1;
    Bucket *b = &q->buckets[q->nbuckets];
    memset(b, 0, sizeof *b);
    b->key = key;
    q->map_keys[j] = key + 1;
    q->map_values[j] = (uint32_t)q->nbuckets;
    return (long)q->nbuckets++;
}

static inline uint64_t order_key(const Queue *q, size_t i) {
    return q->buckets[q->order[i]].key;
}

static int queue_push(Queue *q, int32_t priority, int32_t depth, const Entry *e) {
    long at = queue_bucket(q, bucket_key(priority, depth, q->lifo));
    if (at < 0)
        return -1;
    Bucket *b = &q->buckets[at];
    /* Room first, so that running out of memory leaves the queue as it was. */
    if (b->count == b->head && reserve(q->budget, (void **)&q->order, &q->cap_order,
                                       q->norder, sizeof(uint32_t)) < 0)
        return -1;
    if (b->count == b->cap) {
        if (b->head > b->cap / 2) { /* room enough once the taken entries go */
            memmove(b->items, b->items + b->head, (b->count - b->head) * sizeof(Entry));
            b->count -= b->head;
            b->head = 0;
        } else {
            /* many buckets hold a few entries: they start small */
            if (b->cap > UINT32_MAX / 2)
                return -1;
            uint32_t cap = b->cap ? b->cap * 2 : 8;
            Entry *grown = budget_realloc(q->budget, b->items, b->cap * sizeof(Entry),
                                          (size_t)cap * sizeof(Entry));
            if (!grown)
                return -1;
            b->items = grown;
            b->cap = cap;
        }
    }
    if (b->count == b->head) { /* it holds entries again: into the heap */
        b->head = b->count = 0;
        size_t i = q->norder++;
        while (i && order_key(q, (i - 1) / 2) > b->key) {
            q->order[i] = q->order[(i - 1) / 2];
            i = (i - 1) / 2;
        }
        q->order[i] = (uint32_t)at;
    }
    b->items[b->count++] = *e;
    q->size++;
    return 0;
}

/* The next entry to search: from the bucket with the lowest key. For a diving search
 * *depth is the entry's depth (from the bucket's key); for the others, 0. */
static Entry queue_pop(Queue *q, int32_t *depth) {
    Bucket *b = &q->buckets[q->order[0]];
    Entry e = q->lifo ? b->items[--b->count] : b->items[b->head++];
    *depth = q->lifo ? (int32_t)(0xffffffffu - (uint32_t)b->key) : 0;
    q->size--;
    if (b->count == b->head) { /* empty: out of the heap, its memory freed */
        budget_free(q->budget, b->items, b->cap * sizeof(Entry));
        b->items = NULL;
        b->head = b->count = b->cap = 0;
        uint32_t last = q->order[--q->norder];
        uint64_t key = q->buckets[last].key;
        size_t i = 0, n = q->norder;
        for (;;) {
            size_t child = 2 * i + 1;
            if (child >= n)
                break;
            if (child + 1 < n && order_key(q, child + 1) < order_key(q, child))
                child++;
            if (order_key(q, child) >= key)
                break;
            q->order[i] = q->order[child];
            i = child;
        }
        if (n)
            q->order[i] = last;
    }
    return e;
}

/* The entry queue_pop would give next (the queue holds one). */
static inline const Entry *queue_peek(const Queue *q) {
    const Bucket *b = &q->buckets[q->order[0]];
    return q->lifo ? &b->items[b->count - 1] : &b->items[b->head];
}

/* A table of searched positions that several searches may hold: freed by the last.
 * Made, held and released only with the GIL held, so its count needs no lock. */
typedef struct {
    Table table;
    Py_ssize_t holders;
    int busy;   /* a search holding it is running, without the GIL */
    int broken; /* a search holding it failed midway: it may hold a position whose
                   moves were never queued, so no search may go on with it */
    Budget *budget; /* a strong reference: the table counts against it */
} Shared;

static Shared *new_shared(Budget *budget) {
    Shared *shared = budget_calloc(budget, 1, sizeof(Shared));
    if (!shared)
        return NULL;
    if (table_init(&shared->table, budget) < 0) {
        budget_free(budget, shared, sizeof(Shared));
        return NULL;
    }
    shared->holders = 1;
    Py_INCREF(budget);
    shared->budget = budget;
    return shared;
}

static void release(Shared *shared) {
    if (shared && --shared->holders == 0) {
        Budget *budget = shared->budget;
        table_free(&shared->table);
        budget_free(budget, shared, sizeof(Shared));
        Py_DECREF(budget);
    }
}

/* A position built for the search, with its number in the store (ABSENT: none yet),
 * its columns' hashes and their numbers. */
typedef struct {
    uint32_t id;
    Pos p;
    uint64_t columns[7];
    uint32_t numbers[7];
} Built;

/* How many positions a search keeps built: the position searched last and parents built
 * lately, by their number, so that a queued child's parent need not be read back from
 * the store when it is one of them. Only a cache: the same positions, the same order. */
#define BUILT 64

/* A search's state: searching, or how it ended. */
enum { SEARCHING = 0, WON = 1, LOST = 2, OVER_BUDGET = 3, BROKEN = 4 };

typedef struct {
    PyObject_HEAD
    int ready; /* initialised, with its table and first queue entry */
    int relaxed;
    int flip, dig, misplaced, buried, turn, dive;
    int breadth; /* every priority 0: breadth first (see _solver's notes) */
    int state;
    int busy;  /* running, without the GIL: no other call may touch it */
    long long nodes;
    Budget *budget; /* a strong reference: what its nodes, queue and table count against */
    Shared *seen; /* its own table, or one shared with other searches */
    Store *store; /* its budget's: where the positions it searched are kept */
    Queue queue;
    Pos start;
    uint32_t won_parent;
    uint16_t won_move;
    Built built[BUILT]; /* by number modulo BUILT */
} Seeker;

/* As _solver._to_turn. */
static int to_turn(const Pos *p, int relaxed) {
    const uint8_t *start = p->start;
    int total = 0;
    for (int s = 0; s < 7; s++) {
        int down = p->hid[s];
        if (!down)
            continue;
        const uint8_t *col = p->cards + start[s];
        int x = col[down], suit = x / 13, rank = x % 13, best = 13;
        if (rank == 12) {
            for (int o = 0; o < 7; o++)
                if (o != s && p->len[o] < best)
                    best = p->len[o];
        } else {
            int held = 0;
            for (int i = 0; i < down; i++)
                if (col[i] / 13 == suit && col[i] < x)
                    held = 1;
            if (!held)
                best = rank - p->found[suit];
            for (int k = 0; k < NPARENTS[relaxed][x]; k++) {
                int t = PARENTS[relaxed][x][k], w = p->where[t], cost;
                if (w == FOUNDATION) {
                    cost = p->found[t / 13] - t % 13;
                } else if (w > FOUNDATION) {
                    if (w - FACE_DOWN == s)
                        continue;
                    int o = w - FACE_DOWN;
                    cost = p->len[o] - index_in(p, o, t) + 2;
                } else {
                    if (w == s)
                        continue;
                    cost = p->len[w] - 1 - index_in(p, w, t);
                }
                if (cost < best)
                    best = cost;
            }
        }
        total += best;
    }
    return total;
}

/* The misplaced cards of column s: face-up cards not lying on a card they may go on
 * (as _solver._column_facts counts them). */
static int misplaced_in(const Pos *p, int s, int relaxed) {
    const uint8_t *col = p->cards + start_of(p, s);
    int count = 0;
    for (int i = p->hid[s] ? p->hid[s] : 1; i < p->len[s]; i++)
        if (!FITS[relaxed][col[i]][col[i - 1]])
            count++;
    return count;
}

/* As the priorities of _solver._Search: lower first. `misplaced` is the position's
 * count of misplaced cards, for a search that weighs them (the caller knows it from
 * the parent's, since a move changes two columns). */
static int priority(const Seeker *self, const Pos *p, int misplaced) {
    if (self->breadth)
        return 0;
    int hidden = 0, home = 0;
    for (int s = 0; s < 7; s++)
        hidden += p->hid[s];
    for (int suit = 0; suit < 4; suit++)
        home += p->found[suit];
    if (!(self->misplaced || self->buried || self->turn)) {
        int dig = 0;
        for (int s = 0; s < 7; s++)
            if (p->hid[s])
                dig += p->len[s] - p->hid[s];
        return self->flip * hidden + 52 - home + self->dig * dig;
    }
    int value = 2 * (self->flip * hidden + 52 - home);
    if (self->misplaced)
        value += self->misplaced * misplaced;
    if (self->buried) {
        int count = 0;
        for (int suit = 0; suit < 4; suit++) {
            if (p->found[suit] == 13)
                continue;
            int c = next_home(p->found, suit), w = p->where[c];
            if (w == FOUNDATION)
                continue;
            int s = w < FOUNDATION ? w : w - FACE_DOWN;
            count += p->len[s] - 1 - index_in(p, s, c);
        }
        value += self->buried * count;
    }
    if (self->turn)
        value += self->turn * to_turn(p, self->relaxed);
    return value;
}

/* As _solver._MOST_PROBED. */
#define MOST_PROBED 64

/* As _solver._dominated: whether p (with its columns' hashes and numbers) with some
 * cards sent home that could come back was searched already. Sending one home moves no
 * other card, so where, hid and each column's start stay p's; only lengths shorten. */
static int dominated(const Store *st, const Table *table, const Pos *p, int relaxed,
                     const uint64_t *hashes, const uint32_t *numbers) {
    typedef struct {
        uint8_t len[7];
        uint8_t found[4];
        uint64_t hashes[7];
        uint32_t numbers[7];
    } Probe;
    Probe stack[MOST_PROBED + 1];
    uint32_t tried[MOST_PROBED];
    const uint8_t *start = p->start; /* the cards sent home are last in their columns */
    int top = 0, ntried = 0;
    memcpy(stack[0].len, p->len, sizeof stack[0].len);
    memcpy(stack[0].found, p->found, sizeof stack[0].found);
    memcpy(stack[0].hashes, hashes, sizeof stack[0].hashes);
    memcpy(stack[0].numbers, numbers, sizeof stack[0].numbers);
    top = 1;
    while (top) {
        Probe now = stack[--top];
        for (int suit = 0; suit < 4; suit++) {
            int s = next_home_and_last(p, now.found, now.len, suit);
            if (s < 0)
                continue;
            int c = next_home(now.found, suit), len = now.len[s], under = len - 2;
            const uint8_t *col = p->cards + start[s];
            if (under >= 0 && under < p->hid[s])
                continue; /* on a face-down card: home, it would turn that card up */
            if (!FITS[relaxed][c][under >= 0 ? col[under] : NONE])
                continue;
            Probe next = now;
            next.found[suit]++;
            uint32_t home;
            memcpy(&home, next.found, sizeof home);
            int again = 0;
            for (int k = 0; k < ntried && !again; k++)
                again = tried[k] == home;
            if (again)
                continue;
            if (ntried == MOST_PROBED)
                return 0;
            tried[ntried++] = home;
            next.len[s]--;
            next.hashes[s] = column_hash(col, len - 1, p->hid[s]);
            next.numbers[s] = column_find(st, col, len - 1, p->hid[s], next.hashes[s]);
            if (all_kept(next.numbers)) {
                Key key;
                int there = 0;
                make_key(next.numbers, -1, &key);
                table_find(table, st, (uint32_t)(position_hash(next.hashes, -1) >> 32),
                           &key, &there);
                if (there)
                    return 1;
            }
            stack[top++] = next;
        }
    }
    return 0;
}

/* The search itself, up to limit positions: no Python object is touched, so it runs
 * without the GIL. 0, or -1 when a block of memory was refused (by the allocator or
 * the budget): the table may then hold a position whose moves were never queued. */
static int search(Seeker *self, long long limit) {
    Store *st = self->store;
    uint16_t moves[MAX_MOVES];
    Pos children[MAX_MOVES];
    int targets[MAX_MOVES];
    uint64_t hashes[MAX_MOVES];
    Key keys[MAX_MOVES];
    int kept[MAX_MOVES];
    Built *built = self->built; /* a diving search goes on from the position it has
                                 * just searched, the others often take siblings */
    while (self->state == SEARCHING) {
        if (!self->queue.size) { /* as _Search.run: an empty queue is a loss, even when */
            self->state = LOST; /* the slice ran out with the last position */
            break;
        }
        if (self->nodes >= limit)
            break;
        int32_t depth;
        Entry e = queue_pop(&self->queue, &depth);
        if (e.target == GHOST)
            continue; /* searched already when it was queued: skipped, as _Search does */
        if (self->queue.size && queue_peek(&self->queue)->parent != ABSENT) /* likely next */
            PREFETCH(item_at(st, queue_peek(&self->queue)->parent));
        Pos p;
        uint64_t columns[7];
        uint32_t numbers[7];
        int moved = -1;
        if (e.parent == ABSENT) {
            p = self->start;
            column_hashes(&p, columns);
            for (int s = 0; s < 7; s++)
                numbers[s] = column_find(st, p.cards + start_of(&p, s), p.len[s], p.hid[s],
                                         columns[s]);
        } else {
            Built *from = &built[e.parent % BUILT];
            if (from->id != e.parent) {
                unpack(st, e.parent, &from->p, from->columns, from->numbers);
                from->id = e.parent;
            }
            memcpy(columns, from->columns, sizeof columns);
            memcpy(numbers, from->numbers, sizeof numbers);
            moved = e.move >> 3;
            int source = from->p.where[moved];
            apply(&from->p, &p, moved, e.move & 7);
            moved_columns(st, &p, source, e.move & 7, columns, numbers);
        }
        if (is_won(&p)) {
            self->won_parent = e.parent;
            self->won_move = e.move;
            self->state = WON;
            break;
        }
        Table *table = &self->seen->table;
        int known = all_kept(numbers), there = 0;
        Key key;
        if (known && e.target >= 0) { /* searched already with every move, not only a */
            make_key(numbers, -1, &key); /* return's? */
            table_find(table, st, (uint32_t)(position_hash(columns, -1) >> 32), &key,
                       &there);
            if (there)
                continue;
        }
        uint32_t tag = (uint32_t)(position_hash(columns, e.target) >> 32);
        make_key(numbers, e.target, &key);
        size_t slot = table_find(table, st, tag, &key, &there);
        if (there)
            continue;
        if (e.target < 0 && dominated(st, table, &p, self->relaxed, columns, numbers))
            continue; /* covered by a position with cards home (not in the table) */
        for (int s = 0; s < 7; s++)
            if (numbers[s] == ABSENT &&
                (numbers[s] = column_keep(st, p.cards + start_of(&p, s), p.len[s],
                                          p.hid[s], columns[s])) == ABSENT)
                return -1;
        uint32_t id = item_keep(st, numbers, e.parent, e.move, e.target);
        if (id == ABSENT || table_put(table, slot, tag, id) < 0)
            return -1;
        self->nodes++;
        if (dead_end(&p, self->relaxed, moved))
            continue; /* searched, but no line goes through it */
        Built *searched = &built[id % BUILT];
        searched->id = id;
        searched->p = p;
        memcpy(searched->columns, columns, sizeof columns);
        memcpy(searched->numbers, numbers, sizeof numbers);
        int forced = e.target < 0 ? safe_move(&p, self->relaxed) : -1, n;
        if (forced >= 0) {
            moves[0] = (uint16_t)forced;
            n = 1;
        } else {
            n = ordered(&p, self->relaxed, e.target, moves);
        }
        /* Build every child, its hash and the numbers of its columns first (only the
         * columns the move changed are hashed and looked up again), and ask for their
         * table slots ahead: the lookups then wait for memory together rather than one
         * after another. A child with a column the store lacks was never searched. As
         * in _Search.run, only the searches that rank the position itself (the shaped
         * ones) leave out a child searched already; the others queue it (as a ghost)
         * and skip it when it comes out, which decides when their queue runs empty. */
        int shaped = self->misplaced || self->buried || self->turn;
        int misplaced[7], misplaced_all = -1; /* p's, by column, once a child needs them */
        for (int i = 0; i < n; i++) {
            int c = moves[i] >> 3, dest = moves[i] & 7, source = p.where[c];
            uint64_t changed[7];
            uint32_t child_numbers[7];
            memcpy(changed, columns, sizeof changed);
            memcpy(child_numbers, numbers, sizeof child_numbers);
            targets[i] = source == FOUNDATION ? dest : -1;
            apply(&p, &children[i], c, dest);
            moved_columns(st, &children[i], source, dest, changed, child_numbers);
            kept[i] = all_kept(child_numbers);
            if (kept[i]) {
                hashes[i] = position_hash(changed, targets[i]);
                make_key(child_numbers, targets[i], &keys[i]);
                PREFETCH(table_slot_address(table, hashes[i]));
            }
        }
        for (int k = 0; k < n; k++) {
            int i = self->dive ? n - 1 - k : k; /* see the queue's notes */
            int found = 0;
            if (kept[i])
                table_find(table, st, (uint32_t)(hashes[i] >> 32), &keys[i], &found);
            if (found && shaped)
                continue; /* searched already */
            int child_misplaced = 0; /* p's count, with the two columns the move changed */
            if (self->misplaced) {
                if (misplaced_all < 0) {
                    misplaced_all = 0;
                    for (int s = 0; s < 7; s++)
                        misplaced_all += misplaced[s] = misplaced_in(&p, s, self->relaxed);
                }
                int moved_between[2] = {p.where[moves[i] >> 3], moves[i] & 7};
                child_misplaced = misplaced_all;
                for (int j = 0; j < 2; j++) {
                    int s = moved_between[j];
                    if (s < FOUNDATION)
                        child_misplaced +=
                            misplaced_in(&children[i], s, self->relaxed) - misplaced[s];
                }
            }
            Entry next = {id, moves[i], (int8_t)(found ? GHOST : targets[i])};
            int rank = priority(self, &children[i], child_misplaced);
            if (queue_push(&self->queue, rank, depth + 1, &next) < 0)
                return -1;
        }
    }
    return 0;
}

/* Whether a call may touch this search now; else a RuntimeError is set. */
static int idle(const Seeker *self) {
    if (self->busy || (self->seen && self->seen->busy) ||
        (self->budget && self->budget->busy)) {
        PyErr_SetString(PyExc_RuntimeError,
                        "a search (or one sharing its table or budget) is running");
        return 0;
    }
    return 1;
}

/* Let go of what only a search that goes on needs: its table and queue (the nodes stay,
 * for the line). With the GIL held: another search may hold the same table. */
static void settle(Seeker *self) {
    release(self->seen);
    self->seen = NULL;
    queue_free(&self->queue);
}

/* Run a slice without the GIL, so that searches in other threads run meanwhile.
 * Answers 0 while searching, 1 won, 2 lost, 3 stopped by its memory budget; raises
 * when the search cannot go on: not initialised, or broken by a failure earlier. */
static PyObject *Seeker_run(Seeker *self, PyObject *arg) {
    long long steps = PyLong_AsLongLong(arg);
    if (steps == -1 && PyErr_Occurred())
        return NULL;
    if (steps < 0) {
        PyErr_SetString(PyExc_ValueError, "steps must be at least 0");
        return NULL;
    }
    if (!idle(self))
        return NULL;
    if (!self->ready || self->state == BROKEN) {
        PyErr_SetString(PyExc_RuntimeError,
                        self->ready ? "this search failed earlier and cannot go on"
                                    : "this search is not set up (or was closed)");
        return NULL;
    }
    if (self->state != SEARCHING)
        return PyLong_FromLong(self->state);
    if (self->seen->broken) {
        PyErr_SetString(PyExc_RuntimeError,
                        "a search sharing this table failed: it cannot go on");
        return NULL;
    }
    Shared *seen = self->seen;
    Budget *budget = self->budget;
    seen->busy = budget->busy = self->busy = 1;
    budget->exceeded = 0;
    long long limit = steps > LLONG_MAX - self->nodes ? LLONG_MAX : self->nodes + steps;
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = search(self, limit);
    Py_END_ALLOW_THREADS
    seen->busy = budget->busy = self->busy = 0;
    if (failed) {
        seen->broken = 1;
        self->state = budget->exceeded ? OVER_BUDGET : BROKEN;
    }
    if (self->state != SEARCHING)
        settle(self);
    if (self->state == BROKEN)
        return PyErr_NoMemory();
    return PyLong_FromLong(self->state);
}

static PyObject *Seeker_line(Seeker *self, PyObject *Py_UNUSED(ignored)) {
    if (!idle(self))
        return NULL;
    PyObject *line = PyList_New(0), *move = NULL;
    if (!line || self->state != WON)
        return line;
    uint32_t at = self->won_parent;
    if (at != ABSENT || self->won_move != 0xffff) { /* else the start itself was won */
        move = PyLong_FromLong(self->won_move);
        if (!move || PyList_Append(line, move) < 0)
            goto fail_move;
        Py_DECREF(move);
        while (at != ABSENT && item_at(self->store, at)->parent != ABSENT) {
            move = PyLong_FromLong(item_at(self->store, at)->via);
            if (!move || PyList_Append(line, move) < 0)
                goto fail_move;
            Py_DECREF(move);
            at = item_at(self->store, at)->parent;
        }
        if (PyList_Reverse(line) < 0)
            goto fail;
    }
    return line;
fail_move:
    Py_XDECREF(move);
fail:
    Py_DECREF(line);
    return NULL;
}

/* The way back of every position its budget's store holds, in the order kept: for a
 * search with a budget of its own, the positions it searched, in the order searched. */
static PyObject *Seeker_ways(Seeker *self, PyObject *Py_UNUSED(ignored)) {
    if (!idle(self))
        return NULL;
    if (!self->store) {
        PyErr_SetString(PyExc_RuntimeError, "this search is not set up (or was closed)");
        return NULL;
    }
    Py_ssize_t n = (Py_ssize_t)self->store->items.count;
    PyObject *ways = PyList_New(n);
    if (!ways)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        const Item *it = item_at(self->store, (uint32_t)i);
        PyObject *way = it->parent == ABSENT ? Py_BuildValue("(ii)", -1, -1)
                                             : Py_BuildValue("(kH)", (unsigned long)it->parent,
                                                             it->via);
        if (!way) {
            Py_DECREF(ways);
            return NULL;
        }
        if (PyList_SetItem(ways, i, way) < 0) { /* steals way */
            Py_DECREF(ways);
            return NULL;
        }
    }
    return ways;
}

static PyObject *Seeker_nodes(Seeker *self, void *Py_UNUSED(closure)) {
    if (!idle(self))
        return NULL;
    return PyLong_FromLongLong(self->nodes);
}

/* Free everything the search holds, with the GIL held (a table may be shared). */
static void Seeker_clear(Seeker *self) {
    self->ready = 0;
    self->state = BROKEN; /* nothing to answer from: no line, no run */
    settle(self);
    store_release(self->store);
    self->store = NULL;
    self->queue.budget = NULL;
    Py_CLEAR(self->budget);
}

static Budget *new_budget(size_t limit);

static int Seeker_init(Seeker *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"columns", "hidden", "foundations", "relaxed", "weights",
                            "budget", NULL};
    PyObject *cols, *hidden, *found, *budget = NULL;
    int relaxed, w[7];
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOp(iiiiiii)|O!", names, &cols, &hidden,
                                     &found, &relaxed, &w[0], &w[1], &w[2], &w[3], &w[4],
                                     &w[5], &w[6], (PyTypeObject *)BudgetType, &budget))
        return -1;
    for (int i = 0; i < 7; i++)
        if (w[i] < 0 || w[i] > (i >= 5 ? 1 : MAX_WEIGHT)) {
            PyErr_Format(PyExc_ValueError,
                         "weights are whole numbers from 0 to %d (the last two 0 or 1)",
                         MAX_WEIGHT);
            return -1;
        }
    Pos start; /* read whole before anything of this search changes */
    if (!idle(self) || read_position(cols, hidden, found, &start) < 0)
        return -1;
    Seeker_clear(self);
    if (budget) {
        Py_INCREF(budget);
        self->budget = (Budget *)budget;
    } else if (!(self->budget = new_budget(SIZE_MAX))) {
        return -1;
    }
    self->start = start;
    self->relaxed = relaxed;
    self->flip = w[0];
    self->dig = w[1];
    self->misplaced = w[2];
    self->buried = w[3];
    self->turn = w[4];
    self->dive = w[5];
    self->breadth = w[6];
    self->state = SEARCHING;
    self->nodes = 0;
    self->queue.lifo = self->dive;
    self->queue.budget = self->budget;
    self->won_parent = ABSENT;
    self->won_move = 0xffff;
    for (int k = 0; k < BUILT; k++) /* numbers of another store mean nothing here */
        self->built[k].id = ABSENT;
    Entry root = {ABSENT, 0xffff, -1};
    self->budget->exceeded = 0;
    self->store = store_hold(self->budget);
    self->seen = self->store ? new_shared(self->budget) : NULL;
    if (!self->seen || queue_push(&self->queue, 0, 0, &root) < 0) {
        if (self->budget->exceeded)
            PyErr_SetString(PyExc_MemoryError, "the memory budget is too small to start");
        else
            PyErr_NoMemory();
        Seeker_clear(self);
        return -1;
    }
    self->ready = 1;
    return 0;
}

static void Seeker_dealloc(Seeker *self) {
    PyTypeObject *type = Py_TYPE(self);
    Seeker_clear(self);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(self);
    Py_DECREF(type); /* a heap type: each instance holds a reference to it */
}

static PyObject *Seeker_close(Seeker *self, PyObject *Py_UNUSED(ignored)) {
    if (!idle(self))
        return NULL;
    Seeker_clear(self);
    Py_RETURN_NONE;
}

static PyMethodDef Seeker_methods[] = {
    {"run", (PyCFunction)Seeker_run, METH_O,
     "Search up to this many more positions: 0 while searching, 1 won, 2 lost, 3 "
     "stopped by the memory budget."},
    {"line", (PyCFunction)Seeker_line, METH_NOARGS,
     "The winning line as move keys (card * 8 + destination)."},
    {"ways", (PyCFunction)Seeker_ways, METH_NOARGS,
     "The way back of each position its budget's store holds, in the order kept: "
     "(parent, move key), (-1, -1) for the start."},
    {"close", (PyCFunction)Seeker_close, METH_NOARGS,
     "Free all the search holds; it cannot run again."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Seeker_getset[] = {
    {"nodes", (getter)Seeker_nodes, NULL, "Positions searched.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot Seeker_slots[] = {
    {Py_tp_doc, "A best-first search ranked by weights, run a slice at a time."},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_init, Seeker_init},
    {Py_tp_dealloc, Seeker_dealloc},
    {Py_tp_methods, Seeker_methods},
    {Py_tp_getset, Seeker_getset},
    {0, NULL},
};

static PyType_Spec Seeker_spec = {
    .name = "yukon._core.Seeker",
    .basicsize = sizeof(Seeker),
    .flags = Py_TPFLAGS_DEFAULT,
    .slots = Seeker_slots,
};

/* ---- Budget, from Python */

static Budget *new_budget(size_t limit) {
    Budget *budget = PyObject_New(Budget, (PyTypeObject *)BudgetType);
    if (budget) {
        budget->used = budget->peak = budget->exceeded = budget->busy = 0;
        budget->limit = limit;
        budget->store = NULL;
    }
    return budget;
}

static PyObject *Budget_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"limit", NULL};
    unsigned long long limit;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "K", names, &limit))
        return NULL;
    (void)type;
    return (PyObject *)new_budget(limit > SIZE_MAX ? SIZE_MAX : (size_t)limit);
}

static void Budget_dealloc(Budget *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(type);
}

static PyObject *Budget_used(Budget *self, void *Py_UNUSED(closure)) {
    return PyLong_FromSize_t(self->used);
}

static PyObject *Budget_peak(Budget *self, void *Py_UNUSED(closure)) {
    return PyLong_FromSize_t(self->peak);
}

static PyObject *Budget_limit(Budget *self, void *Py_UNUSED(closure)) {
    return PyLong_FromSize_t(self->limit);
}

static PyGetSetDef Budget_getset[] = {
    {"used", (getter)Budget_used, NULL, "Bytes the searches counting on it hold.", NULL},
    {"peak", (getter)Budget_peak, NULL, "The most bytes they ever held at once.", NULL},
    {"limit", (getter)Budget_limit, NULL, "The most bytes they may hold.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot Budget_slots[] = {
    {Py_tp_doc, "A memory budget in bytes, shared by the searches of one solve."},
    {Py_tp_new, Budget_new},
    {Py_tp_dealloc, Budget_dealloc},
    {Py_tp_getset, Budget_getset},
    {0, NULL},
};

static PyType_Spec Budget_spec = {
    .name = "yukon._core.Budget",
    .basicsize = sizeof(Budget),
    .flags = Py_TPFLAGS_DEFAULT,
    .slots = Budget_slots,
};

/* yukon._core.share(searches): from now on the searches use one table, holding every
 * position any of them has searched (see _solver's notes on sharing). */
static PyObject *share(PyObject *Py_UNUSED(module), PyObject *arg) {
    PyObject *seq = PySequence_Tuple(arg); /* holds the searches while we work */
    if (!seq)
        return NULL;
    Py_ssize_t n = PyTuple_Size(seq);
    Budget *budget = NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyObject_TypeCheck(PyTuple_GetItem(seq, i), (PyTypeObject *)SeekerType)) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_TypeError, "share() takes Seeker objects");
            return NULL;
        }
        Seeker *search = (Seeker *)PyTuple_GetItem(seq, i);
        if (!idle(search)) {
            Py_DECREF(seq);
            return NULL;
        }
        const char *refusal = NULL;
        if (!search->ready || search->state == BROKEN ||
            (search->seen && search->seen->broken))
            refusal = "share() takes searches that are set up and not broken";
        else if (budget && search->budget != budget)
            refusal = "share() takes searches with one budget";
        if (refusal) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, refusal);
            return NULL;
        }
        budget = search->budget;
    }
    if (!budget) {
        Py_DECREF(seq);
        Py_RETURN_TRUE;
    }
    budget->exceeded = 0;
    Shared *union_ = new_shared(budget);
    if (!union_) {
        Py_DECREF(seq);
        if (budget->exceeded)
            Py_RETURN_FALSE;
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Shared *own = ((Seeker *)PyTuple_GetItem(seq, i))->seen;
        if (!own)
            continue; /* a search that is done keeps no table */
        const Table *t = &own->table;
        const Store *st = budget->store;
        for (size_t j = 0; j < (size_t)1 << t->bits; j++) {
            uint64_t slot = t->slots_[j];
            if (!slot)
                continue;
            uint32_t id = (uint32_t)slot - 1, tag = (uint32_t)(slot >> 32);
            const Item *it = item_at(st, id);
            Key key;
            int found;
            make_key(it->column, it->target, &key);
            size_t free_slot = table_find(&union_->table, st, tag, &key, &found);
            if (!found && table_put(&union_->table, free_slot, tag, id) < 0) {
                release(union_); /* the searches keep their own tables */
                Py_DECREF(seq);
                if (budget->exceeded)
                    Py_RETURN_FALSE;
                return PyErr_NoMemory();
            }
        }
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Seeker *search = (Seeker *)PyTuple_GetItem(seq, i);
        if (!search->seen)
            continue;
        release(search->seen);
        search->seen = union_;
        union_->holders++;
    }
    release(union_); /* the searches hold it now */
    Py_DECREF(seq);
    Py_RETURN_TRUE;
}

/* ---- the rules, from Python: what the tests hold to the Python rules (src/yukon/_rules.py)
 * move by move, so that a rule changed in one language and not the other fails a test. */

static int parse_position(PyObject *args, Pos *p, int *relaxed, long *extra,
                          const char *format) {
    PyObject *cols, *hidden, *found;
    if (!PyArg_ParseTuple(args, format, &cols, &hidden, &found, relaxed, extra))
        return -1;
    return read_position(cols, hidden, found, p);
}

static PyObject *move_keys(const uint16_t *moves, int n) {
    PyObject *keys = PyList_New(0);
    for (int i = 0; keys && i < n; i++) {
        PyObject *key = PyLong_FromLong(moves[i]);
        if (!key || PyList_Append(keys, key) < 0) {
            Py_XDECREF(key);
            Py_CLEAR(keys);
            break;
        }
        Py_DECREF(key);
    }
    return keys;
}

/* yukon._core.dead_end(columns, hidden, foundations, relaxed, moved): the search's
 * dead-end check, for the tests that hold it to _solver.dead_end. */
static PyObject *rules_dead_end(PyObject *Py_UNUSED(module), PyObject *args) {
    Pos p;
    int relaxed;
    long moved = -1;
    if (parse_position(args, &p, &relaxed, &moved, "OOOpl") < 0)
        return NULL;
    if (moved < -1 || moved > 51) {
        PyErr_SetString(PyExc_ValueError, "moved must be a card (0 to 51) or -1");
        return NULL;
    }
    return PyBool_FromLong(dead_end(&p, relaxed, (int)moved));
}

/* yukon._core.legal_moves(columns, hidden, foundations, relaxed): the move keys, in the
 * rules' order (foundations first, then columns left to right, suits in order). */
static PyObject *rules_legal_moves(PyObject *Py_UNUSED(module), PyObject *args) {
    Pos p;
    int relaxed;
    long unused = 0;
    if (parse_position(args, &p, &relaxed, &unused, "OOOp|l") < 0)
        return NULL;
    uint16_t moves[MAX_MOVES];
    return move_keys(moves, legal_moves(&p, relaxed, moves));
}

/* The columns, face-down counts and foundation counts of p as new Python tuples, in
 * parts[0..2]; -1 (an exception set, nothing held) when one cannot be made. */
static int pack_parts(const Pos *p, PyObject *parts[3]) {
    PyObject *cols = PyTuple_New(7), *hidden = PyTuple_New(7), *found = PyTuple_New(4);
    if (!cols || !hidden || !found)
        goto fail;
    for (int s = 0; s < 7; s++) {
        PyObject *col =
            PyBytes_FromStringAndSize((const char *)p->cards + start_of(p, s), p->len[s]);
        PyObject *down = PyLong_FromLong(p->hid[s]);
        if (!col || !down || PyTuple_SetItem(cols, s, col) < 0) {
            Py_XDECREF(down);
            goto fail;
        }
        if (PyTuple_SetItem(hidden, s, down) < 0)
            goto fail;
    }
    for (int suit = 0; suit < 4; suit++) {
        PyObject *count = PyLong_FromLong(p->found[suit]);
        if (!count || PyTuple_SetItem(found, suit, count) < 0)
            goto fail;
    }
    parts[0] = cols;
    parts[1] = hidden;
    parts[2] = found;
    return 0;
fail:
    Py_XDECREF(cols);
    Py_XDECREF(hidden);
    Py_XDECREF(found);
    return -1;
}

static PyObject *packed(const Pos *p) {
    PyObject *parts[3];
    if (pack_parts(p, parts) < 0)
        return NULL;
    return Py_BuildValue("(NNN)", parts[0], parts[1], parts[2]);
}

/* yukon._core.apply(columns, hidden, foundations, relaxed, key): the position after the
 * legal move `key`, as (columns, hidden, foundations); ValueError for any other key. */
static PyObject *rules_apply(PyObject *Py_UNUSED(module), PyObject *args) {
    Pos p, q;
    int relaxed;
    long key;
    if (parse_position(args, &p, &relaxed, &key, "OOOpl") < 0)
        return NULL;
    uint16_t moves[MAX_MOVES];
    int n = legal_moves(&p, relaxed, moves), legal = 0;
    for (int i = 0; i < n; i++)
        legal |= moves[i] == key;
    if (!legal) {
        PyErr_SetString(PyExc_ValueError, "not a legal move here");
        return NULL;
    }
    apply(&p, &q, (int)(key >> 3), (int)(key & 7));
    return packed(&q);
}

/* ---- follow and take_back: the kernel's move and its undo, compiled. _rules binds
 * its Position class and its Python follow and take_back once; a legal move (or the
 * undo of one) is made here, anything else handed to the Python statement, so every
 * refusal is worded once, in Python. */

static PyObject *PositionClass, *python_follow, *python_take_back;
static PyObject *FIELD[6]; /* relaxed, cols, hidden, found, score, where */
enum { F_RELAXED, F_COLS, F_HIDDEN, F_FOUND, F_SCORE, F_WHERE };
/* Position's slots are read and written through their descriptors, and a Position is
 * allocated by its type's own allocator: the fast ways the Limited API allows. */
static PyObject *SLOT[6];
static descrgetfunc slot_get[6];
static descrsetfunc slot_set[6];
static allocfunc position_alloc;

static PyObject *rules_bind(PyObject *Py_UNUSED(module), PyObject *args) {
    PyObject *cls, *follow, *take_back;
    if (!PyArg_ParseTuple(args, "OOO", &cls, &follow, &take_back))
        return NULL;
    static const char *names[6] = {"relaxed", "cols", "hidden", "found", "score", "where"};
    for (int i = 0; i < 6; i++)
        if (!FIELD[i] && !(FIELD[i] = PyUnicode_InternFromString(names[i])))
            return NULL;
    if (!PyType_Check(cls)) {
        PyErr_SetString(PyExc_TypeError, "bind takes the Position class");
        return NULL;
    }
    PyObject *slot[6] = {NULL};
    for (int i = 0; i < 6; i++) {
        slot[i] = PyObject_GetAttr(cls, FIELD[i]);
        if (!slot[i] || !PyType_GetSlot(Py_TYPE(slot[i]), Py_tp_descr_get) ||
            !PyType_GetSlot(Py_TYPE(slot[i]), Py_tp_descr_set)) {
            if (slot[i])
                PyErr_SetString(PyExc_TypeError, "a Position field is no slot");
            for (int j = 0; j <= i; j++)
                Py_XDECREF(slot[j]);
            return NULL;
        }
    }
    for (int i = 0; i < 6; i++) {
        PyObject *was = SLOT[i];
        SLOT[i] = slot[i];
        Py_XDECREF(was);
        slot_get[i] = (descrgetfunc)PyType_GetSlot(Py_TYPE(slot[i]), Py_tp_descr_get);
        slot_set[i] = (descrsetfunc)PyType_GetSlot(Py_TYPE(slot[i]), Py_tp_descr_set);
    }
    position_alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)cls, Py_tp_alloc);
    PyObject *old[3] = {PositionClass, python_follow, python_take_back};
    Py_INCREF(cls);
    Py_INCREF(follow);
    Py_INCREF(take_back);
    PositionClass = cls;
    python_follow = follow;
    python_take_back = take_back;
    for (int i = 0; i < 3; i++)
        Py_XDECREF(old[i]);
    Py_RETURN_NONE;
}

/* A tuple of small ints, or `same` itself (a new reference) when they are equal. */
static PyObject *counts(PyObject *same, const uint8_t *now, const uint8_t *was, int n) {
    if (!memcmp(now, was, (size_t)n)) {
        Py_INCREF(same);
        return same;
    }
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        PyObject *v = PyLong_FromLong(now[i]);
        if (!v || PyTuple_SetItem(t, i, v) < 0)
            Py_CLEAR(t);
    }
    return t;
}

/* The fields of a Python Position, read into `got` (new references) and `p`; 1 when
 * this core reads them as a position, 0 when not (the Python statement decides), -1
 * on an error. */
/* The last positions made here, held (so that no other object can take their
 * address) with their cards already read: a game's next move or undo starts from the
 * position the last one made, and need not read it again. The kernel treats positions
 * as immutable, so a position's cards cannot change while it is held here. */
#define REMEMBERED 4
static PyObject *remembered[REMEMBERED];
static Pos remembered_pos[REMEMBERED];
static int remembered_next;

static void remember(PyObject *position, const Pos *p) {
    PyObject *was = remembered[remembered_next];
    Py_INCREF(position);
    remembered[remembered_next] = position;
    remembered_pos[remembered_next] = *p;
    remembered_next = (remembered_next + 1) % REMEMBERED;
    Py_XDECREF(was);
}

static int read_fields(PyObject *position, PyObject *got[6], Pos *p, int *relaxed) {
    PyObject *type = (PyObject *)Py_TYPE(position);
    for (int i = 0; i < 6; i++)
        if (!(got[i] = slot_get[i](SLOT[i], position, type)))
            return -1;
    *relaxed = PyObject_IsTrue(got[F_RELAXED]);
    if (*relaxed < 0) {
        PyErr_Clear();
        return 0;
    }
    for (int i = 0; i < REMEMBERED; i++)
        if (remembered[i] == position) {
            *p = remembered_pos[i];
            return 1;
        }
    if (read_position(got[F_COLS], got[F_HIDDEN], got[F_FOUND], p) < 0) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* A new Python Position holding the fields `made` (borrowed), or NULL. */
static PyObject *make_position(PyObject *made[6]) {
    PyObject *position = position_alloc((PyTypeObject *)PositionClass, 0);
    for (int i = 0; position && i < 6; i++)
        if (slot_set[i](SLOT[i], position, made[i]) < 0)
            Py_CLEAR(position);
    return position;
}

/* A new Python Position for q, made from p (whose fields are `got`): columns a and b
 * are new, the others shared with p, as are the counts when they did not change. */
static PyObject *new_position(PyObject *got[6], const Pos *p, const Pos *q, int a, int b,
                              long long score) {
    PyObject *made[6] = {NULL}, *after = NULL;
    if (!(made[F_COLS] = PyTuple_New(7)))
        goto done;
    for (int i = 0; i < 7; i++) {
        PyObject *col;
        if (i == a || i == b)
            col = PyBytes_FromStringAndSize((const char *)q->cards + start_of(q, i),
                                            q->len[i]);
        else {
            col = PyTuple_GetItem(got[F_COLS], i);
            Py_XINCREF(col);
        }
        if (!col || PyTuple_SetItem(made[F_COLS], i, col) < 0)
            goto done;
    }
    made[F_RELAXED] = got[F_RELAXED];
    Py_INCREF(made[F_RELAXED]);
    made[F_HIDDEN] = counts(got[F_HIDDEN], q->hid, p->hid, 7);
    made[F_FOUND] = counts(got[F_FOUND], q->found, p->found, 4);
    made[F_SCORE] = PyLong_FromLongLong(score);
    made[F_WHERE] = PyByteArray_FromStringAndSize((const char *)q->where, 52);
    if (!made[F_HIDDEN] || !made[F_FOUND] || !made[F_SCORE] || !made[F_WHERE])
        goto done;
    if ((after = make_position(made)))
        remember(after, q);
done:
    for (int i = 0; i < 6; i++)
        Py_XDECREF(made[i]);
    return after;
}

static int bound(void) {
    if (PositionClass)
        return 1;
    PyErr_SetString(PyExc_RuntimeError, "yukon._core's rules are not bound yet");
    return 0;
}

static PyObject *rules_follow(PyObject *Py_UNUSED(module), PyObject *const *args,
                              Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "follow takes a position and a move key");
        return NULL;
    }
    if (!bound())
        return NULL;
    PyObject *position = args[0], *key_object = args[1], *got[6] = {NULL}, *result = NULL;
    Pos p, q;
    int relaxed, n = 0, legal = 0;
    uint16_t moves[MAX_MOVES];
    long key = PyLong_AsLong(key_object);
    if (key == -1 && PyErr_Occurred())
        return NULL;
    int readable = read_fields(position, got, &p, &relaxed);
    if (readable < 0)
        goto done;
    if (readable)
        n = legal_moves(&p, relaxed, moves);
    for (int i = 0; i < n; i++)
        legal |= moves[i] == key;
    if (!legal) { /* the Python statement names the rule the move breaks */
        result = PyObject_CallFunctionObjArgs(python_follow, position, key_object, NULL);
        goto done;
    }
    int c = (int)(key >> 3), dest = (int)(key & 7), s = p.where[c];
    apply(&p, &q, c, dest);
    long long score = PyLong_AsLongLong(got[F_SCORE]);
    if (score == -1 && PyErr_Occurred())
        goto done;
    if (s != FOUNDATION) /* a return scores nothing */
        score = scored(score, move_points(dest == FOUNDATION, q.hid[s] != p.hid[s]));
    result = new_position(got, &p, &q, s, dest, score);
done:
    for (int i = 0; i < 6; i++)
        Py_XDECREF(got[i]);
    return result;
}

/* The position before the move c to dest whose card came from `from` (a column, or
 * FOUNDATION) and which turned a card up when `flipped`; 0 when `p` cannot be the
 * position after such a move. */
static int unapply(const Pos *p, Pos *q, int c, int dest, int from, int flipped) {
    int suit = c / 13, size = 1;
    uint8_t group[52];
    if (dest == from || (from == FOUNDATION && (dest == FOUNDATION || flipped)))
        return 0;
    *q = *p;
    if (dest == FOUNDATION) {
        if (!q->found[suit] || q->found[suit] - 1 != c % 13)
            return 0;
        group[0] = (uint8_t)c;
        q->found[suit]--;
    } else {
        int at = start_of(q, dest), pos = index_in(q, dest, c);
        if (pos < 0 || pos < q->hid[dest])
            return 0;
        size = q->len[dest] - pos;
        memcpy(group, q->cards + at + pos, (size_t)size);
        memmove(q->cards + at + pos, q->cards + at + pos + size,
                (size_t)(q->in_cols - at - pos - size));
        q->in_cols = (uint8_t)(q->in_cols - size);
        q->len[dest] = (uint8_t)pos;
        set_starts(q);
    }
    if (from == FOUNDATION) { /* c goes back on its foundation, as the next card */
        if (q->found[suit] != c % 13)
            return 0;
        q->found[suit]++;
        q->where[c] = FOUNDATION;
        return 1;
    }
    if (flipped) { /* the last card of `from` turns face down again */
        if (q->hid[from] >= q->len[from])
            return 0;
        q->hid[from]++;
        int last = q->cards[start_of(q, from) + q->len[from] - 1];
        q->where[last] = (uint8_t)(from + FACE_DOWN);
    }
    int end = start_of(q, from) + q->len[from];
    memmove(q->cards + end + size, q->cards + end, (size_t)(q->in_cols - end));
    memcpy(q->cards + end, group, (size_t)size);
    for (int i = 0; i < size; i++) {
        q->where[group[i]] = (uint8_t)from;
        q->index[group[i]] = (uint8_t)(q->len[from] + i);
    }
    q->len[from] = (uint8_t)(q->len[from] + size);
    q->in_cols = (uint8_t)(q->in_cols + size);
    set_starts(q);
    return 1;
}

static PyObject *rules_take_back(PyObject *Py_UNUSED(module), PyObject *const *args,
                                 Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError,
                        "take_back takes a position, a move key, where its card came "
                        "from and whether it turned a card up");
        return NULL;
    }
    if (!bound())
        return NULL;
    PyObject *got[6] = {NULL}, *result = NULL;
    Pos p, q;
    int relaxed;
    long key = PyLong_AsLong(args[1]), from = PyLong_AsLong(args[2]);
    int flipped = PyObject_IsTrue(args[3]);
    if ((key == -1 || from == -1 || flipped < 0) && PyErr_Occurred())
        return NULL;
    int readable = read_fields(args[0], got, &p, &relaxed);
    if (readable < 0)
        goto done;
    if (!readable || key < 0 || key >= 52 * 8 || from < 0 || from > FOUNDATION ||
        !unapply(&p, &q, (int)(key >> 3), (int)(key & 7), (int)from, flipped)) {
        /* no undo this core can make: the Python statement decides */
        result = PyObject_CallFunctionObjArgs(python_take_back, args[0], args[1], args[2],
                                              args[3], NULL);
        goto done;
    }
    long long score = PyLong_AsLongLong(got[F_SCORE]);
    if (score == -1 && PyErr_Occurred())
        goto done;
    if (from != FOUNDATION)
        score -= move_points((key & 7) == FOUNDATION, flipped);
    result = new_position(got, &p, &q, (int)(key & 7), (int)from, score);
done:
    for (int i = 0; i < 6; i++)
        Py_XDECREF(got[i]);
    return result;
}

/* ---- what a learner reads of a position, compiled: the legal moves (as the Move
 * objects _moves.MOVES holds, bound with set_moves) and the observation, byte for
 * byte as _observation.observe writes it. */

static PyObject *MOVE_OBJECTS; /* _moves.MOVES: every Move, indexed by its key */
#define OBSERVATION_SIZE 112
#define SEEN_FACE_DOWN 15 /* a face-down card, as the observation without perfect says */

static PyObject *rules_set_moves(PyObject *Py_UNUSED(module), PyObject *moves) {
    if (!PyTuple_Check(moves) || PyTuple_Size(moves) != 52 * 8) {
        PyErr_SetString(PyExc_TypeError, "set_moves takes the 416 moves, by key");
        return NULL;
    }
    Py_INCREF(moves);
    PyObject *was = MOVE_OBJECTS;
    MOVE_OBJECTS = moves;
    Py_XDECREF(was);
    Py_RETURN_NONE;
}

/* The position behind a Python Position, read into p; -1 (an exception set) for
 * anything that is no position. */
static int read_known(PyObject *position, Pos *p, int *relaxed) {
    PyObject *got[6] = {NULL};
    int readable = bound() ? read_fields(position, got, p, relaxed) : -1;
    for (int i = 0; i < 6; i++)
        Py_XDECREF(got[i]);
    if (readable == 0)
        PyErr_SetString(PyExc_ValueError, "not a position");
    return readable > 0 ? 0 : -1;
}

static PyObject *rules_moves(PyObject *Py_UNUSED(module), PyObject *position) {
    Pos p;
    int relaxed;
    uint16_t keys[MAX_MOVES];
    if (!MOVE_OBJECTS) {
        PyErr_SetString(PyExc_RuntimeError, "yukon._core's moves are not set yet");
        return NULL;
    }
    if (read_known(position, &p, &relaxed) < 0)
        return NULL;
    int n = legal_moves(&p, relaxed, keys);
    PyObject *out = PyTuple_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *move = PyTuple_GetItem(MOVE_OBJECTS, keys[i]);
        Py_XINCREF(move);
        if (!move || PyTuple_SetItem(out, i, move) < 0)
            Py_CLEAR(out);
    }
    return out;
}

/* The observation of p, as _observation.observe writes it, into out. */
static void observe_into(const Pos *p, int relaxed, int perfect, uint8_t *out) {
    memset(out, 0, OBSERVATION_SIZE);
    for (int s = 0; s < 7; s++) {
        out[104 + s] = p->hid[s];
        for (int i = 0; i < p->len[s]; i++) {
            int c = p->cards[start_of(p, s) + i];
            if (i >= p->hid[s] || perfect) {
                out[c] = (uint8_t)(i >= p->hid[s] ? s : FACE_DOWN + s);
                out[52 + c] = (uint8_t)i;
            } else
                out[c] = SEEN_FACE_DOWN;
        }
    }
    for (int suit = 0; suit < 4; suit++)
        for (int r = 0; r < p->found[suit]; r++)
            out[suit * 13 + r] = FOUNDATION;
    out[111] = (uint8_t)relaxed;
}

static PyObject *rules_observe(PyObject *Py_UNUSED(module), PyObject *const *args,
                               Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "observe takes a position and perfect");
        return NULL;
    }
    Pos p;
    int relaxed, perfect = PyObject_IsTrue(args[1]);
    uint8_t out[OBSERVATION_SIZE];
    if (perfect < 0 || read_known(args[0], &p, &relaxed) < 0)
        return NULL;
    observe_into(&p, relaxed, perfect, out);
    return PyBytes_FromStringAndSize((const char *)out, sizeof out);
}

/* ---- Batch: many games held here and stepped together, as _batch._Games steps them
 * in Python (the same moves, rewards, flags and random draws). */

typedef struct {
    PyObject_HEAD
    Py_ssize_t n;
    Pos *pos;
    uint8_t *relaxed;
    long long *score;
    uint16_t *legal;  /* game i's legal keys at legal + i * MAX_MOVES, when known */
    int16_t *nlegal;  /* how many; -1 when not known since the game last changed */
    uint8_t *seen;    /* game i's observation at seen + i * OBSERVATION_SIZE, kept up */
} Batch;

static PyObject *BatchType;

static inline int game_over(const Pos *p, int relaxed, uint16_t *keys, int *n) {
    *n = legal_moves(p, relaxed, keys);
    return is_won(p) || *n == 0;
}

static inline int face_down(const Pos *p) {
    int down = 0;
    for (int s = 0; s < 7; s++)
        down += p->hid[s];
    return down;
}

static inline int progress_of(const Pos *p) {
    int home = 0;
    for (int suit = 0; suit < 4; suit++)
        home += p->found[suit];
    return home * FOUNDATION_POINTS - face_down(p) * FLIP_POINTS;
}

/* Game i's legal keys (the list stays good until the game changes), and how many. */
static int batch_legal(Batch *b, Py_ssize_t i, uint16_t **keys) {
    *keys = b->legal + i * MAX_MOVES;
    if (b->nlegal[i] < 0)
        b->nlegal[i] = (int16_t)legal_moves(&b->pos[i], b->relaxed[i], *keys);
    return b->nlegal[i];
}

/* Play the legal move key in game i, keeping its score as rules_follow does. */
/* What a move changes in an observation (as observe_into writes it), from the positions
 * before (p) and after (q) the move of card c from s (a column, or FOUNDATION) to
 * dest: the cards that travel, and the card turned up with its column's count. */
static void observe_move(uint8_t *o, const Pos *p, const Pos *q, int c, int s, int dest) {
    if (s == FOUNDATION) { /* back from its foundation, onto the end of column dest */
        o[c] = (uint8_t)dest;
        o[52 + c] = (uint8_t)(q->len[dest] - 1);
        return;
    }
    int at = p->index[c], size = p->len[s] - at;
    for (int k = 0; k < size; k++) {
        int x = p->cards[start_of(p, s) + at + k];
        o[x] = (uint8_t)dest; /* FOUNDATION is the observation's "home" too */
        o[52 + x] = (uint8_t)(dest == FOUNDATION ? 0 : p->len[dest] + k);
    }
    if (q->hid[s] != p->hid[s]) {
        int turned = q->cards[start_of(q, s) + q->hid[s]];
        o[turned] = (uint8_t)s;
        o[52 + turned] = q->hid[s];
        o[104 + s] = q->hid[s];
    }
}

static void batch_play(Batch *b, Py_ssize_t i, int key) {
    b->nlegal[i] = -1;
    Pos q;
    int c = key >> 3, dest = key & 7, s = b->pos[i].where[c];
    apply(&b->pos[i], &q, c, dest);
    observe_move(b->seen + i * OBSERVATION_SIZE, &b->pos[i], &q, c, s, dest);
    if (s != FOUNDATION)
        b->score[i] = scored(
            b->score[i], move_points(dest == FOUNDATION, q.hid[s] != b->pos[i].hid[s]));
    b->pos[i] = q;
}

/* Game i becomes `position` (a Python Position); on failure (-1, an exception set) it
 * is left as it was. */
static int batch_read(Batch *b, Py_ssize_t i, PyObject *position) {
    Pos p;
    int relaxed = 0;
    if (read_known(position, &p, &relaxed) < 0)
        return -1;
    PyObject *score_object = PyObject_GetAttr(position, FIELD[F_SCORE]);
    long long score = score_object ? PyLong_AsLongLong(score_object) : -1;
    Py_XDECREF(score_object);
    if (score == -1 && PyErr_Occurred())
        return -1;
    b->pos[i] = p;
    b->score[i] = score;
    b->relaxed[i] = (uint8_t)relaxed;
    b->nlegal[i] = -1;
    observe_into(&p, relaxed, 0, b->seen + i * OBSERVATION_SIZE);
    return 0;
}

static PyObject *Batch_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *positions;
    static char *names[] = {"positions", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O", names, &positions))
        return NULL;
    PyObject *seq = PySequence_Fast(positions, "Batch takes a sequence of positions");
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Size(seq);
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    Batch *self = (Batch *)alloc(type, 0);
    if (!self)
        goto fail;
    self->n = n;
    self->pos = PyMem_Calloc((size_t)(n ? n : 1), sizeof(Pos));
    self->relaxed = PyMem_Calloc((size_t)(n ? n : 1), 1);
    self->score = PyMem_Calloc((size_t)(n ? n : 1), sizeof(long long));
    self->legal = PyMem_Calloc((size_t)(n ? n : 1) * MAX_MOVES, sizeof(uint16_t));
    self->nlegal = PyMem_Calloc((size_t)(n ? n : 1), sizeof(int16_t));
    self->seen = PyMem_Calloc((size_t)(n ? n : 1), OBSERVATION_SIZE);
    if (!self->pos || !self->relaxed || !self->score || !self->legal || !self->nlegal ||
        !self->seen) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *position = PySequence_GetItem(seq, i);
        int failed = !position || batch_read(self, i, position) < 0;
        Py_XDECREF(position);
        if (failed)
            goto fail;
    }
    Py_DECREF(seq);
    return (PyObject *)self;
fail:
    Py_DECREF(seq);
    Py_XDECREF(self);
    return NULL;
}

static void Batch_dealloc(Batch *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyMem_Free(self->pos);
    PyMem_Free(self->relaxed);
    PyMem_Free(self->score);
    PyMem_Free(self->legal);
    PyMem_Free(self->nlegal);
    PyMem_Free(self->seen);
    freefunc tp_free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    tp_free(self);
    Py_DECREF(type);
}

static Py_ssize_t Batch_len(Batch *self) { return self->n; }

static PyObject *Batch_masks(Batch *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyByteArray_FromStringAndSize(NULL, self->n * 52 * 8);
    if (!out)
        return NULL;
    char *mask = PyByteArray_AsString(out);
    memset(mask, 0, (size_t)(self->n * 52 * 8));
    for (Py_ssize_t i = 0; i < self->n; i++) {
        uint16_t *keys;
        int n = batch_legal(self, i, &keys);
        for (int k = 0; k < n; k++)
            mask[i * 52 * 8 + keys[k]] = 1;
    }
    return out;
}

static PyObject *Batch_observations(Batch *self, PyObject *perfect_object) {
    int perfect = PyObject_IsTrue(perfect_object);
    if (perfect < 0)
        return NULL;
    PyObject *out = PyByteArray_FromStringAndSize(NULL, self->n * OBSERVATION_SIZE);
    if (!out)
        return NULL;
    uint8_t *bytes = (uint8_t *)PyByteArray_AsString(out);
    if (!perfect) /* kept up move by move (observe_move) */
        memcpy(bytes, self->seen, (size_t)(self->n * OBSERVATION_SIZE));
    for (Py_ssize_t i = 0; perfect && i < self->n; i++)
        observe_into(&self->pos[i], self->relaxed[i], perfect, bytes + i * OBSERVATION_SIZE);
    return out;
}

/* Game i (0 to n - 1) starts again from a position. */
static PyObject *Batch_set(Batch *self, PyObject *args) {
    Py_ssize_t i;
    PyObject *position;
    if (!PyArg_ParseTuple(args, "nO", &i, &position))
        return NULL;
    if (i < 0 || i >= self->n) {
        PyErr_SetString(PyExc_IndexError, "no such game in the batch");
        return NULL;
    }
    if (batch_read(self, i, position) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* Long random play looks for signals this often (moves), so that Ctrl-C and alarms
 * land within a few milliseconds. */
#define SIGNAL_EVERY 65536

/* The keys, one a game, read into `keys`; -1 (an exception set) when they are not
 * self->n ints from 0 to 415. */
static int read_keys(Batch *self, PyObject *given, int *keys) {
    PyObject *seq = PySequence_Fast(given, "keys must be a sequence of move keys");
    if (!seq)
        return -1;
    if (PySequence_Size(seq) != self->n) {
        PyErr_SetString(PyExc_ValueError, "one key a game");
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < self->n; i++) {
        PyObject *item = PySequence_GetItem(seq, i);
        long key = item ? PyLong_AsLong(item) : -1;
        Py_XDECREF(item);
        if (key == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (key < 0 || key >= 52 * 8) {
            PyErr_SetString(PyExc_ValueError, "a move key runs from 0 to 415");
            Py_DECREF(seq);
            return -1;
        }
        keys[i] = (int)key;
    }
    Py_DECREF(seq);
    return 0;
}

/* The first game, not over, whose key is no legal move there (-1 when none is; -2 with
 * an exception set for keys that are no keys). */
static PyObject *Batch_illegal(Batch *self, PyObject *given) {
    int *keys = PyMem_Malloc((size_t)(self->n ? self->n : 1) * sizeof(int));
    if (!keys)
        return PyErr_NoMemory();
    if (read_keys(self, given, keys) < 0) {
        PyMem_Free(keys);
        return NULL;
    }
    Py_ssize_t bad = -1;
    for (Py_ssize_t i = 0; i < self->n && bad < 0; i++) {
        uint16_t *legal;
        int n = batch_legal(self, i, &legal), found = 0;
        if (is_won(&self->pos[i]) || n == 0)
            continue;
        for (int k = 0; k < n; k++)
            found |= legal[k] == keys[i];
        if (!found)
            bad = i;
    }
    PyMem_Free(keys);
    return PyLong_FromSsize_t(bad);
}

/* One key a game: a legal key is played, any other leaves its game as it is. Returns
 * each game's reward (the change in progress, or with `score` true in the score),
 * whether it is over now, and whether its key was played; with `views` true also each
 * game's action mask and observation after it, as masks() and observations(False). */
static PyObject *batch_step(Batch *self, PyObject *args, int views) {
    PyObject *given;
    int score_reward;
    if (!PyArg_ParseTuple(args, "Op", &given, &score_reward))
        return NULL;
    int *keys = PyMem_Malloc((size_t)(self->n ? self->n : 1) * sizeof(int));
    if (!keys)
        return PyErr_NoMemory();
    if (read_keys(self, given, keys) < 0) {
        PyMem_Free(keys);
        return NULL;
    }
    PyObject *rewards = PyBytes_FromStringAndSize(NULL, self->n * (Py_ssize_t)sizeof(int32_t));
    PyObject *done = PyBytes_FromStringAndSize(NULL, self->n);
    PyObject *moved = PyBytes_FromStringAndSize(NULL, self->n);
    if (!rewards || !done || !moved) {
        PyMem_Free(keys);
        Py_XDECREF(rewards);
        Py_XDECREF(done);
        Py_XDECREF(moved);
        return NULL;
    }
    PyObject *masks = NULL, *observations = NULL, *wins = NULL;
    if (views) {
        masks = PyByteArray_FromStringAndSize(NULL, self->n * 52 * 8);
        observations = PyByteArray_FromStringAndSize(NULL, self->n * OBSERVATION_SIZE);
        wins = PyBytes_FromStringAndSize(NULL, self->n);
        if (!masks || !observations || !wins) {
            PyMem_Free(keys);
            Py_DECREF(rewards);
            Py_DECREF(done);
            Py_DECREF(moved);
            Py_XDECREF(masks);
            Py_XDECREF(observations);
            Py_XDECREF(wins);
            return NULL;
        }
        memset(PyByteArray_AsString(masks), 0, (size_t)(self->n * 52 * 8));
    }
    int32_t *reward = (int32_t *)PyBytes_AsString(rewards);
    char *over = PyBytes_AsString(done), *played = PyBytes_AsString(moved);
    for (Py_ssize_t i = 0; i < self->n; i++) {
        uint16_t *legal;
        int n = batch_legal(self, i, &legal), found = 0;
        reward[i] = 0;
        played[i] = 0;
        over[i] = (char)(is_won(&self->pos[i]) || n == 0);
        for (int k = 0; !over[i] && k < n; k++)
            found |= legal[k] == keys[i];
        if (found) {
            long long before = score_reward ? self->score[i] : progress_of(&self->pos[i]);
            batch_play(self, i, keys[i]);
            long long after = score_reward ? self->score[i] : progress_of(&self->pos[i]);
            reward[i] = (int32_t)(after - before);
            played[i] = 1;
            n = batch_legal(self, i, &legal);
            over[i] = (char)(is_won(&self->pos[i]) || n == 0);
        }
        if (views) {
            char *mask = PyByteArray_AsString(masks) + i * 52 * 8;
            for (int k = 0; k < n; k++)
                mask[legal[k]] = 1;
            memcpy(PyByteArray_AsString(observations) + i * OBSERVATION_SIZE,
                   self->seen + i * OBSERVATION_SIZE, OBSERVATION_SIZE);
            PyBytes_AsString(wins)[i] = (char)is_won(&self->pos[i]);
        }
    }
    PyMem_Free(keys);
    if (views)
        return Py_BuildValue("(NNNNNN)", rewards, done, moved, masks, observations, wins);
    return Py_BuildValue("(NNN)", rewards, done, moved);
}

static PyObject *Batch_step(Batch *self, PyObject *args) { return batch_step(self, args, 0); }

static PyObject *Batch_step_views(Batch *self, PyObject *args) {
    return batch_step(self, args, 1);
}

static inline uint64_t splitmix_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* As _codes.SplitMix64.below: uniform in [0, bound), rejecting the biased top. */
static uint64_t splitmix_below(uint64_t *state, uint64_t bound) {
    uint64_t rest = (UINT64_MAX % bound + 1) % bound; /* 2**64 % bound */
    for (;;) {
        uint64_t r = splitmix_next(state);
        if (!rest || r < 0 - rest)
            return r % bound;
    }
}

static PyObject *Batch_playouts(Batch *self, PyObject *args) {
    long long most;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "LK", &most, &seed))
        return NULL;
    PyObject *counts = PyBytes_FromStringAndSize(NULL, self->n * (Py_ssize_t)sizeof(int32_t));
    if (!counts)
        return NULL;
    int32_t *played = (int32_t *)PyBytes_AsString(counts);
    uint64_t state = seed;
    unsigned long long moves = 0;
    for (Py_ssize_t i = 0; i < self->n; i++) {
        uint16_t legal[MAX_MOVES];
        int n;
        played[i] = 0;
        while (played[i] < most && !game_over(&self->pos[i], self->relaxed[i], legal, &n)) {
            batch_play(self, i, legal[splitmix_below(&state, (uint64_t)n)]);
            played[i]++;
            if (++moves % SIGNAL_EVERY == 0 && PyErr_CheckSignals() < 0) {
                Py_DECREF(counts);
                return NULL;
            }
        }
    }
    return counts;
}

/* Game i's position, as a new Python Position (bound() called already). */
static PyObject *batch_position(Batch *self, Py_ssize_t i) {
    const Pos *p = &self->pos[i];
    PyObject *made[6] = {NULL}, *position = NULL;
    /* F_COLS, F_HIDDEN and F_FOUND follow one another */
    if (pack_parts(p, made + F_COLS) == 0) {
        made[F_RELAXED] = PyBool_FromLong(self->relaxed[i]);
        made[F_SCORE] = PyLong_FromLongLong(self->score[i]);
        made[F_WHERE] = PyByteArray_FromStringAndSize((const char *)p->where, 52);
        if (made[F_SCORE] && made[F_WHERE])
            position = make_position(made);
    }
    for (int f = 0; f < 6; f++)
        Py_XDECREF(made[f]);
    return position;
}

/* The games' positions, as new Python Positions. */
static PyObject *Batch_positions(Batch *self, PyObject *Py_UNUSED(ignored)) {
    if (!bound())
        return NULL;
    PyObject *out = PyList_New(self->n);
    for (Py_ssize_t i = 0; out && i < self->n; i++) {
        PyObject *position = batch_position(self, i);
        if (!position || PyList_SetItem(out, i, position) < 0)
            Py_CLEAR(out);
    }
    return out;
}

/* As playouts, the same draws, keeping each game's moves (uint16 keys) and, after each
 * move that turned a card up, the number of moves so far and the position. */
static PyObject *Batch_flips(Batch *self, PyObject *args) {
    long long most;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "LK", &most, &seed) || !bound())
        return NULL;
    PyObject *out = PyList_New(self->n);
    uint64_t state = seed;
    for (Py_ssize_t i = 0; out && i < self->n; i++) {
        uint16_t legal[MAX_MOVES];
        int n;
        size_t room = 256, played = 0;
        uint16_t *keys = PyMem_Malloc(room * sizeof(uint16_t));
        PyObject *turned = PyList_New(0), *item = NULL;
        int down = face_down(&self->pos[i]), failed = !keys || !turned;
        while (!failed && (long long)played < most &&
               !game_over(&self->pos[i], self->relaxed[i], legal, &n)) {
            if (played == room) {
                uint16_t *more = PyMem_Realloc(keys, 2 * room * sizeof(uint16_t));
                if (!more) {
                    failed = 1;
                    break;
                }
                keys = more;
                room *= 2;
            }
            keys[played] = legal[splitmix_below(&state, (uint64_t)n)];
            batch_play(self, i, keys[played++]);
            if (played % SIGNAL_EVERY == 0 && PyErr_CheckSignals() < 0) {
                failed = 1;
                break;
            }
            if (face_down(&self->pos[i]) < down) {
                down = face_down(&self->pos[i]);
                PyObject *position = batch_position(self, i);
                PyObject *flip = position ? Py_BuildValue("(nN)", (Py_ssize_t)played, position)
                                          : NULL;
                failed = !flip || PyList_Append(turned, flip) < 0;
                Py_XDECREF(flip);
            }
        }
        if (failed && !PyErr_Occurred())
            PyErr_NoMemory();
        if (!failed)
            item = Py_BuildValue(
                "(y#O)", (const char *)keys, (Py_ssize_t)(played * sizeof(uint16_t)), turned);
        PyMem_Free(keys);
        Py_XDECREF(turned);
        if (!item || PyList_SetItem(out, i, item) < 0)
            Py_CLEAR(out);
    }
    return out;
}

static PyMethodDef Batch_methods[] = {
    {"masks", (PyCFunction)Batch_masks, METH_NOARGS, "Each game's action mask, in turn."},
    {"observations", (PyCFunction)Batch_observations, METH_O,
     "Each game's observation, in turn (perfect: face-down cards told apart)."},
    {"illegal", (PyCFunction)Batch_illegal, METH_O,
     "The first game, not over, whose key is no legal move there, or -1."},
    {"step", (PyCFunction)Batch_step, METH_VARARGS,
     "Play each game's key if legal: the rewards (int32), the over flags, the played flags."},
    {"step_views", (PyCFunction)Batch_step_views, METH_VARARGS,
     "As step, and each game's action mask, observation and whether it is won."},
    {"playouts", (PyCFunction)Batch_playouts, METH_VARARGS,
     "Random legal play, seeded, up to a number of moves a game: the moves played."},
    {"flips", (PyCFunction)Batch_flips, METH_VARARGS,
     "As playouts, keeping each game's keys and where it turned a card up."},
    {"positions", (PyCFunction)Batch_positions, METH_NOARGS, "The games' positions."},
    {"set", (PyCFunction)Batch_set, METH_VARARGS, "Game i starts again from a position."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot Batch_slots[] = {
    {Py_tp_doc, "Games held in C and stepped together (see yukon.Batch)."},
    {Py_tp_new, Batch_new},
    {Py_tp_dealloc, Batch_dealloc},
    {Py_tp_methods, Batch_methods},
    {Py_sq_length, Batch_len},
    {0, NULL},
};

static PyType_Spec Batch_spec = {
    .name = "yukon._core.Batch",
    .basicsize = sizeof(Batch),
    .flags = Py_TPFLAGS_DEFAULT,
    .slots = Batch_slots,
};

static long long count_lines(const Pos *p, int relaxed, int depth) {
    uint16_t moves[MAX_MOVES];
    int n = legal_moves(p, relaxed, moves);
    if (depth <= 1)
        return n;
    long long total = 0;
    for (int i = 0; i < n; i++) {
        Pos q;
        apply(p, &q, moves[i] >> 3, moves[i] & 7);
        total += count_lines(&q, relaxed, depth - 1);
    }
    return total;
}

/* yukon._core.perft(columns, hidden, foundations, relaxed, depth): the number of move
 * sequences of that length (1 to 6) from the position, as tests/perft.json counts. */
static PyObject *rules_perft(PyObject *Py_UNUSED(module), PyObject *args) {
    Pos p;
    int relaxed;
    long depth;
    if (parse_position(args, &p, &relaxed, &depth, "OOOpl") < 0)
        return NULL;
    if (depth < 1 || depth > 6) {
        PyErr_SetString(PyExc_ValueError, "depth runs from 1 to 6");
        return NULL;
    }
    return PyLong_FromLongLong(count_lines(&p, relaxed, (int)depth));
}

/* yukon._core.fits(relaxed): the fit table, fits[c * 53 + t] = 1 when card c may go on
 * card t (52: an empty column), as _rules.FITS_CLASSIC and FITS_RELAXED are (checked
 * entry by entry by tests/test_core_rules.py). */
static PyObject *rules_fits(PyObject *Py_UNUSED(module), PyObject *arg) {
    int relaxed = PyObject_IsTrue(arg);
    if (relaxed < 0)
        return NULL;
    return PyBytes_FromStringAndSize((const char *)FITS[relaxed], sizeof FITS[relaxed]);
}

/* yukon._core._fail_allocation(n): for the tests' fault injection, the n-th block the
 * searches ask for from now on (0: the next) is refused as if the memory had run out;
 * a negative n: none is. */
static PyObject *fail_allocation(PyObject *Py_UNUSED(module), PyObject *arg) {
    long long n = PyLong_AsLongLong(arg);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    allocations_to_fail = n < 0 ? -1 : n;
    Py_RETURN_NONE;
}

/* The deck, as deck indices, after the YU1 shuffle of a deal number: a Fisher-Yates
 * shuffle drawing from SplitMix64 seeded with the number, as _codes.shuffled_deck. */
static PyObject *shuffled_deck(PyObject *Py_UNUSED(module), PyObject *arg) {
    unsigned long long number = PyLong_AsUnsignedLongLong(arg);
    if (number == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    uint8_t deck[52];
    uint64_t state = number;
    for (int c = 0; c < 52; c++)
        deck[c] = (uint8_t)c;
    for (int i = 51; i > 0; i--) {
        int j = (int)splitmix_below(&state, (uint64_t)i + 1);
        uint8_t swap = deck[i];
        deck[i] = deck[j];
        deck[j] = swap;
    }
    PyObject *out = PyTuple_New(52);
    for (int c = 0; out && c < 52; c++) {
        PyObject *card = PyLong_FromLong(deck[c]);
        if (!card || PyTuple_SetItem(out, c, card) < 0)
            Py_CLEAR(out);
    }
    return out;
}

static PyMethodDef core_functions[] = {
    {"shuffled_deck", (PyCFunction)shuffled_deck, METH_O,
     "The deck after the YU1 shuffle of a deal number, as _codes.shuffled_deck."},
    {"share", (PyCFunction)share, METH_O,
     "Make the searches use one table from now on, holding all they have searched; "
     "False (and nothing changed) when their budget has no room for it."},
    {"legal_moves", (PyCFunction)rules_legal_moves, METH_VARARGS,
     "The legal move keys of a position, in the rules' order."},
    {"dead_end", (PyCFunction)rules_dead_end, METH_VARARGS,
     "The search's dead-end check (see _solver.dead_end); moved is a card or -1."},
    {"apply", (PyCFunction)rules_apply, METH_VARARGS,
     "The position after a legal move, as (columns, hidden, foundations)."},
    {"bind", (PyCFunction)rules_bind, METH_VARARGS,
     "Bind follow and take_back to the kernel's Position class and its Python follow "
     "and take_back."},
    {"set_moves", (PyCFunction)rules_set_moves, METH_O,
     "Bind moves to _moves.MOVES, every Move indexed by its key."},
    {"moves", (PyCFunction)rules_moves, METH_O,
     "The kernel's legal moves of a position, as Move objects, in the rules' order."},
    {"observe", (PyCFunction)(void (*)(void))rules_observe, METH_FASTCALL,
     "The observation of a position, as _observation.observe writes it."},
    {"take_back", (PyCFunction)(void (*)(void))rules_take_back, METH_FASTCALL,
     "The kernel's take_back(position, key, came_from, flipped): the undo made here "
     "when it can be, else by the Python take_back bound."},
    {"follow", (PyCFunction)(void (*)(void))rules_follow, METH_FASTCALL,
     "The kernel's follow(position, key): a legal move played here, any other "
     "handed to the Python follow bound, which names the rule it breaks."},
    {"perft", (PyCFunction)rules_perft, METH_VARARGS,
     "The number of move sequences of a length (1 to 6) from a position."},
    {"fits", (PyCFunction)rules_fits, METH_O,
     "The fit table: fits[c * 53 + t] is 1 when card c may go on card t (52: empty)."},
    {"_fail_allocation", (PyCFunction)fail_allocation, METH_O,
     "For tests: refuse the n-th block asked for from now on (negative: none)."},
    {NULL, NULL, 0, NULL},
};

/* Multi-phase initialisation: the types are made once, and each module made from
 * this definition holds them. */
static int core_exec(PyObject *module) {
    if (!SeekerType && !(SeekerType = PyType_FromSpec(&Seeker_spec)))
        return -1;
    if (!BudgetType && !(BudgetType = PyType_FromSpec(&Budget_spec)))
        return -1;
    if (!BatchType && !(BatchType = PyType_FromSpec(&Batch_spec)))
        return -1;
    if (PyModule_AddObjectRef(module, "Seeker", SeekerType) < 0 ||
        PyModule_AddObjectRef(module, "Batch", BatchType) < 0 ||
        PyModule_AddObjectRef(module, "Budget", BudgetType) < 0 ||
        PyModule_AddIntConstant(module, "GROUP_LIMIT", GROUP_LIMIT) < 0 ||
        PyModule_AddIntConstant(module, "FOUNDATION_POINTS", FOUNDATION_POINTS) < 0 ||
        PyModule_AddIntConstant(module, "FLIP_POINTS", FLIP_POINTS) < 0)
        return -1;
    PyObject *max_score = PyLong_FromLongLong(MAX_SCORE);
    int failed = !max_score || PyModule_AddObjectRef(module, "MAX_SCORE", max_score) < 0;
    Py_XDECREF(max_score);
    return failed ? -1 : 0;
}

static PyModuleDef_Slot core_slots[] = {
    {Py_mod_exec, core_exec},
    {0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "yukon._core",
    .m_doc = "The optional C core: the rules, batches and searches (see _rules.py).",
    .m_size = 0,
    .m_methods = core_functions,
    .m_slots = core_slots,
};

PyMODINIT_FUNC PyInit__core(void) {
    init_tables();
    return PyModuleDef_Init(&core_module);
}
