/* The rules, from Python (_rules.py): the placing tables, reading and making positions,
 * the legal moves, a move and its undo (follow and take_back), perft. */
#include "_core.h"

uint8_t FITS[2][52][53];   /* FITS[relaxed][c][t]: c may go on t (52: empty) */
uint8_t PARENTS[2][52][4]; /* the cards c may go on */
uint8_t NPARENTS[2][52];
uint64_t PARENT_SET[2][52]; /* the same cards as a set: bit t for card t */
uint8_t CHILDREN[2][53][4]; /* the cards that may go on t (52: empty), suit order */
uint8_t NCHILDREN[2][53];

static int is_red(int c) { return c / 13 == 1 || c / 13 == 2; }

void init_tables(void) {
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

/* ---- reading a position from Python */

int read_position(PyObject *cols, PyObject *hidden, PyObject *found, Pos *p) {
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


/* ---- the rules, from Python: what the tests hold to the Python rules (src/yukon/_rules.py)
 * move by move, so that a rule changed in one language and not the other fails a test. */

int parse_position(PyObject *args, Pos *p, int *relaxed, long *extra,
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


/* yukon._core.legal_moves(columns, hidden, foundations, relaxed): the move keys, in the
 * rules' order (foundations first, then columns left to right, suits in order). */
PyObject *rules_legal_moves(PyObject *Py_UNUSED(module), PyObject *args) {
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
int pack_parts(const Pos *p, PyObject *parts[3]) {
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
PyObject *rules_apply(PyObject *Py_UNUSED(module), PyObject *args) {
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
PyObject *FIELD[6]; /* relaxed, cols, hidden, found, score, where */
/* Position's slots are read and written through their descriptors, and a Position is
 * allocated by its type's own allocator: the fast ways the Limited API allows. */
static PyObject *SLOT[6];
static descrgetfunc slot_get[6];
static descrsetfunc slot_set[6];
static allocfunc position_alloc;

PyObject *rules_bind(PyObject *Py_UNUSED(module), PyObject *args) {
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
PyObject *make_position(PyObject *made[6]) {
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

int bound(void) {
    if (PositionClass)
        return 1;
    PyErr_SetString(PyExc_RuntimeError, "yukon._core's rules are not bound yet");
    return 0;
}

PyObject *rules_follow(PyObject *Py_UNUSED(module), PyObject *const *args,
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

PyObject *rules_take_back(PyObject *Py_UNUSED(module), PyObject *const *args,
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

PyObject *rules_set_moves(PyObject *Py_UNUSED(module), PyObject *moves) {
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
int read_known(PyObject *position, Pos *p, int *relaxed) {
    PyObject *got[6] = {NULL};
    int readable = bound() ? read_fields(position, got, p, relaxed) : -1;
    for (int i = 0; i < 6; i++)
        Py_XDECREF(got[i]);
    if (readable == 0)
        PyErr_SetString(PyExc_ValueError, "not a position");
    return readable > 0 ? 0 : -1;
}

PyObject *rules_moves(PyObject *Py_UNUSED(module), PyObject *position) {
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
PyObject *rules_perft(PyObject *Py_UNUSED(module), PyObject *args) {
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
PyObject *rules_fits(PyObject *Py_UNUSED(module), PyObject *arg) {
    int relaxed = PyObject_IsTrue(arg);
    if (relaxed < 0)
        return NULL;
    return PyBytes_FromStringAndSize((const char *)FITS[relaxed], sizeof FITS[relaxed]);
}
