# Declarations for the compiled build only (setup.py): the frame stack, the base of a run
# (runtime.Steps, then Runtime, a Python class where tests patch its methods), is a C type whose
# fields are read from the C struct (handlers.pxd types its handlers' runtime as Frames). The plain
# Python module ignores this file. Every attribute Frames sets must be declared here
# (tests/test_compiled_declarations.py).
# Its methods are C methods (cpdef): a handler's call on its typed runtime skips the lookup by
# name and Python's calling convention.
cimport cython
from engine.interp.numbered cimport env_key

cimport engine.interp.cslots as F
cimport engine.interp.ctslots as T
from engine.interp.game cimport Game
from engine.interp.world cimport World
from engine.interp.values cimport Context, context  # (made at C speed: see values.context)

cpdef object bound_values(dict things, object name, object out)
cpdef object bind_into(dict env, dict things, object name, object out)
cpdef list effect_frame(object number, object env, object actor, object you, object src)
@cython.locals(frame=list)
cpdef list routine_frame(object routine, object env, object actor, object you, object src)
@cython.locals(more=dict, at=Py_ssize_t)
cpdef object fill(list frame, dict fields)
cpdef object take(list frame, Py_ssize_t at)
cpdef object first_off(list items)
cpdef object forget_pick(list frame)

cdef class Frames:
    cdef public Game game
    cdef public World world
    cdef public object last_out
    cdef public dict s
    # the state's frame stack and its table of bindings, at hand (set with the state, never replaced)
    cdef public list stack
    cdef public dict env_table
    cdef public list leaves, handlers  # (handlers.LEAVES and HANDLERS read by node number: Game.by_number)
    cdef public Context _last_ctx
    cdef public list _ctx_frame
    # a Runtime's own (runtime.py; a walk's branch leaves them unset)
    cdef public object flow, probe_depth, probe_options, open_judge, handed, ways, handing
    cdef public bint trial
    # a decision is pending in the state: what run's loop tests (runtime._steps)
    cdef public bint asking
    cdef public Py_ssize_t budget

    @cython.locals(envs=dict)
    cpdef dict env(self, list frame)
    cpdef object new_env(self, object values)
    @cython.locals(envs=dict)
    cpdef object ctx(self, list frame)
    @cython.locals(frame=list)  # (typed locals: their reads and writes are the list's own)
    cpdef list push(self, list parent, object node, dict fields=*)
    cpdef bint child(self, list parent, object node)
    cpdef object tail(self, list frame, object node)
    cpdef object hand_over(self, list frame, object node, dict fields)
    @cython.locals(at=Py_ssize_t, leaves=list)
    cpdef object _at_once(self, list frame, object number)
    cpdef object replace(self, list frame, object node, dict fields=*)
    cpdef object _at_hand(self)
    @cython.locals(frame=list)
    cpdef object in_strict(self)
    @cython.locals(popped=list)
    cpdef object done(self, list frame, object out=*)
    @cython.locals(frames=list, index=Py_ssize_t, frame=list)
    cpdef object _region_depth(self)
    @cython.locals(frame=list)
    cpdef list push_routine(self, object routine, dict fields)
    # a run's own steps (runtime.Steps overrides them: see frames.py)
    cpdef object ask(self, list frame, object player, object prompt, object options, object source=*,
                     object checked=*, object why_not=*, object open=*, object judged_by=*, object judge=*,
                     object ways=*)
    cpdef object forced_answer(self, object options)
    cpdef bint unasked(self, list frame, object node)
    cpdef object can_do(self, object root, object seat, object source, object prepare=*, object took=*)
    cpdef object can_carry_out(self, list frame, object node)
