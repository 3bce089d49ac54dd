/* The solver's searches (_search.py, _prunings.py, and the sharing of _solver.py): the
 * memory budget, the store and table of searched positions, the move ordering and
 * dead-end check, the best-first search (Seeker), Budget and share. */
#define CORE_SHARED_STATIC /* see SHARED in _core.h */
#include "_core.h"

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

PyObject *BudgetType; /* the module's heap types, made once */
PyObject *SeekerType;

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



/* As _prunings.could_take_a_card: memo[column + 1][card] is -1 until known, for one
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

/* As _prunings._next_home_and_last, for one suit: the column whose last card is the
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

/* As _prunings.safe_move: -1 when there is none. */
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

/* ---- dead ends: _prunings.dead_end, pass for pass (its docstring gives the argument);
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


/* ---- the best-first search: _search.Search, compiled step for step (same queue
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
    int breadth; /* every priority 0: breadth first (see _search.Weights) */
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

/* As _search.to_turn. */
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
 * (as _search._column_facts counts them). */
static int misplaced_in(const Pos *p, int s, int relaxed) {
    const uint8_t *col = p->cards + start_of(p, s);
    int count = 0;
    for (int i = p->hid[s] ? p->hid[s] : 1; i < p->len[s]; i++)
        if (!FITS[relaxed][col[i]][col[i - 1]])
            count++;
    return count;
}

/* As the priorities of _search.Search: lower first. `misplaced` is the position's
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

/* As _prunings._MOST_PROBED. */
#define MOST_PROBED 64

/* As _prunings.dominated: whether p (with its columns' hashes and numbers) with some
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

PyType_Spec Seeker_spec = {
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

PyType_Spec Budget_spec = {
    .name = "yukon._core.Budget",
    .basicsize = sizeof(Budget),
    .flags = Py_TPFLAGS_DEFAULT,
    .slots = Budget_slots,
};

/* yukon._core.share(searches): from now on the searches use one table, holding every
 * position any of them has searched (see _solver's notes on sharing). */
PyObject *share(PyObject *Py_UNUSED(module), PyObject *arg) {
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


/* yukon._core.dead_end(columns, hidden, foundations, relaxed, moved): the search's
 * dead-end check, for the tests that hold it to _prunings.dead_end. */
PyObject *rules_dead_end(PyObject *Py_UNUSED(module), PyObject *args) {
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


/* yukon._core._fail_allocation(n): for the tests' fault injection, the n-th block the
 * searches ask for from now on (0: the next) is refused as if the memory had run out;
 * a negative n: none is. */
PyObject *fail_allocation(PyObject *Py_UNUSED(module), PyObject *arg) {
    long long n = PyLong_AsLongLong(arg);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    allocations_to_fail = n < 0 ? -1 : n;
    Py_RETURN_NONE;
}
