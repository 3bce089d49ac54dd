/* What a learner reads of a position (_observation.py), byte for byte. */
#include "_core.h"

/* The observation of p, as _observation.observe writes it, into out. */
void observe_into(const Pos *p, int relaxed, int perfect, uint8_t *out) {
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

PyObject *rules_observe(PyObject *Py_UNUSED(module), PyObject *const *args,
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
