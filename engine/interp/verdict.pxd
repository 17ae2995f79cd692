# Declarations for the compiled build only (setup.py): Cython makes the walk's classes C
# types whose fields are read without a dictionary lookup, and the step budget a C integer.
# The plain Python module ignores this file. Every attribute these classes set must be
# declared here (tests/test_compiled_declarations.py).
cdef class Walk:
    cdef public object rt, game, stuck, strict, _last
    cdef public long left

    cpdef object verdict(self, object envs, object segments)
    cpdef object verdict_of(self, object ways)
    cpdef object walk(self, object envs, object segments)
    cpdef object fallible(self, object segments)
    cpdef object ctx(self, object envs, object head)
    cpdef object changed(self, object envs, object things=*)
    cpdef object then(self, object head, object node)
    cpdef object way(self, object envs, object segments)
    cpdef object first_way(self, object ways)

cdef class _Branch:
    cdef public object world, game, s, _ctx, _strict

# The walk's helpers that its steps call most, as C functions, so that a call inside this
# module skips Python's calling convention (a call from another module still goes through the
# Python function). (A function with a closure, a lambda or a generator expression cannot be
# cpdef; the walk's steps themselves are called through its table.)
cpdef object lightest_first(object rt, object options)
cpdef object _head(object frame)
cpdef object _at(object head, object number, object step)
cpdef object _bind(object envs, object key, object values)
cpdef object _once_each(object head, object name, object body, object values)
cpdef object _pool(object w, object envs, object head, object item)
cpdef object _weight(object game, object number)
cpdef object _option_weights(object game, object node)
cpdef object _is_resource_item(object ctx, object item)
cpdef object _let(Walk w, object envs, object head, object node, object rest)
cpdef object _only_if(Walk w, object envs, object head, object node, object rest)
cpdef object _conditional(Walk w, object envs, object head, object node, object rest)
