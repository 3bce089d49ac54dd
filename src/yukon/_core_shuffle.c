/* The YU1 shuffle (_shuffle.py): the deck of a deal number. */
#include "_core.h"

/* The deck, as deck indices, after the YU1 shuffle of a deal number: a Fisher-Yates
 * shuffle drawing from SplitMix64 seeded with the number, as _shuffle.shuffled_deck. */
PyObject *shuffled_deck(PyObject *Py_UNUSED(module), PyObject *arg) {
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
