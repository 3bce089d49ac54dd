/* The optional C core, one extension (yukon._core) built from these files, each the
 * twin of a Python module:
 *
 *   _core_rules.c        _rules.py: the placing tables, legal moves, a move and its undo
 *                        (with the flip, the points and the win), reading positions
 *   _core_shuffle.c      _shuffle.py: the YU1 shuffle
 *   _core_observation.c  _observation.py: what a learner sees
 *   _core_batch.c        _games.py: many games stepped at once (_batch.Batch)
 *   _core_search.c       _search.py, _prunings.py, _solver.py: the nine searches
 *                        (_search.Search) with their budget, shared table, move
 *                        ordering and dead-end check
 *   _core.c              the module: its functions and types
 *
 * and this header, which holds what several of them use: a position, the placing
 * tables, a move (apply) and the legal moves, compiled into each file that uses them so
 * the searches and the batch run them as fast as before the split. Each is the same
 * computation as its Python twin, which stays the reference and runs where the core is
 * not built: every rule is stated once in Python and once here. yukon._implementation
 * binds one twin or the other, and tests/test_twins.py runs the public calls through
 * both and names the rule when they differ. The solver's sizes (_solver.Tuning) are
 * Python's; the core runs what it is handed.
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
#ifndef YUKON_CORE_H
#define YUKON_CORE_H
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

/* The files of the core share these names and no others; on GCC and Clang they stay
 * inside the extension (hidden), so a call between files costs what a call within one
 * does. Only PyInit__core (in _core.c) is exported. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(hidden)
#endif

/* A function each file that uses it compiles as its own copy (a file that does not use
 * it is not warned). Inline where that counted fewer instructions under callgrind: the
 * rules' calls and the batch (legal moves 4 433 a call against 4 472, apply 8 351 and
 * 8 385 in two runs against 8 445); plain static in the searches (_core_search.c
 * defines CORE_SHARED_STATIC: 10 284 a position searched against 10 345 inline). */
#if defined(CORE_SHARED_STATIC) && (defined(__GNUC__) || defined(__clang__))
#define SHARED static __attribute__((unused))
#elif defined(CORE_SHARED_STATIC)
#define SHARED static
#else
#define SHARED static inline
#endif

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

/* The placing tables, built once by init_tables (_core_rules.c) from the placing rule. */
extern uint8_t FITS[2][52][53];   /* FITS[relaxed][c][t]: c may go on t (52: empty) */
extern uint8_t PARENTS[2][52][4]; /* the cards c may go on */
extern uint8_t NPARENTS[2][52];
extern uint64_t PARENT_SET[2][52]; /* the same cards as a set: bit t for card t */
extern uint8_t CHILDREN[2][53][4]; /* the cards that may go on t (52: empty), suit order */
extern uint8_t NCHILDREN[2][53];
static const uint8_t PARTNER[4] = {3, 2, 1, 0};
static const uint8_t OTHER[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};


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
SHARED void apply(const Pos *p, Pos *q, int c, int dest) {
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

SHARED int is_won(const Pos *p) {
    return p->found[0] == 13 && p->found[1] == 13 && p->found[2] == 13 &&
           p->found[3] == 13;
}


/* ---- the rules' moves, ordered as _prunings.ordered orders them */

SHARED int legal_moves(const Pos *p, int relaxed, uint16_t *out) {
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

/* ---- SplitMix64, as _shuffle.SplitMix64: the YU1 shuffle's and the batch's draws */

static inline uint64_t splitmix_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* As _shuffle.SplitMix64.below: uniform in [0, bound), rejecting the biased top. */
SHARED uint64_t splitmix_below(uint64_t *state, uint64_t bound) {
    uint64_t rest = (UINT64_MAX % bound + 1) % bound; /* 2**64 % bound */
    for (;;) {
        uint64_t r = splitmix_next(state);
        if (!rest || r < 0 - rest)
            return r % bound;
    }
}

/* ---- what each file gives the others */

/* _core_rules.c: the tables, reading and making Python positions, the rules' calls */
void init_tables(void);
int read_position(PyObject *cols, PyObject *hidden, PyObject *found, Pos *p);
int parse_position(PyObject *args, Pos *p, int *relaxed, long *extra, const char *format);
int pack_parts(const Pos *p, PyObject *parts[3]);
enum { F_RELAXED, F_COLS, F_HIDDEN, F_FOUND, F_SCORE, F_WHERE };
extern PyObject *FIELD[6]; /* their names, interned by rules_bind */
PyObject *make_position(PyObject *made[6]);
int bound(void);
int read_known(PyObject *position, Pos *p, int *relaxed);
PyObject *rules_legal_moves(PyObject *module, PyObject *args);
PyObject *rules_apply(PyObject *module, PyObject *args);
PyObject *rules_bind(PyObject *module, PyObject *args);
PyObject *rules_set_moves(PyObject *module, PyObject *moves);
PyObject *rules_moves(PyObject *module, PyObject *position);
PyObject *rules_take_back(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *rules_follow(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *rules_perft(PyObject *module, PyObject *args);
PyObject *rules_fits(PyObject *module, PyObject *arg);

/* _core_shuffle.c */
PyObject *shuffled_deck(PyObject *module, PyObject *arg);

/* _core_observation.c */
#define OBSERVATION_SIZE 112
#define SEEN_FACE_DOWN 15 /* a face-down card, as the observation without perfect says */
void observe_into(const Pos *p, int relaxed, int perfect, uint8_t *out);
PyObject *rules_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

/* _core_batch.c */
extern PyObject *BatchType;
extern PyType_Spec Batch_spec;

/* _core_search.c */
extern PyObject *BudgetType, *SeekerType;
extern PyType_Spec Budget_spec, Seeker_spec;
PyObject *share(PyObject *module, PyObject *arg);
PyObject *rules_dead_end(PyObject *module, PyObject *args);
PyObject *fail_allocation(PyObject *module, PyObject *arg);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif
#endif
