/* The module yukon._core: its functions and types, from the files named in _core.h. */
#include "_core.h"

static PyMethodDef core_functions[] = {
    {"shuffled_deck", (PyCFunction)shuffled_deck, METH_O,
     "The deck after the YU1 shuffle of a deal number, as _shuffle.shuffled_deck."},
    {"share", (PyCFunction)share, METH_O,
     "Make the searches use one table from now on, holding all they have searched; "
     "False (and nothing changed) when their budget has no room for it."},
    {"legal_moves", (PyCFunction)rules_legal_moves, METH_VARARGS,
     "The legal move keys of a position, in the rules' order."},
    {"dead_end", (PyCFunction)rules_dead_end, METH_VARARGS,
     "The search's dead-end check (see _prunings.dead_end); moved is a card or -1."},
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
