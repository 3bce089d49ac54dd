/* Many games held and stepped together (_batch.Batch; its Python twin is
 * _games.PythonGames). */
#include "_core.h"

/* ---- Batch: many games held here and stepped together, as _games.PythonGames steps them
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

PyObject *BatchType;

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

PyType_Spec Batch_spec = {
    .name = "yukon._core.Batch",
    .basicsize = sizeof(Batch),
    .flags = Py_TPFLAGS_DEFAULT,
    .slots = Batch_slots,
};
