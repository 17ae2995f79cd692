# Declarations for the compiled build only (setup.py): the handlers' helpers, as C functions,
# so that a call inside this module skips Python's calling convention (the handlers themselves
# are called through the table, and a call from another module goes through the Python
# function). The plain Python module ignores this file. (A function with a closure, a lambda
# or a generator expression cannot be cpdef.)

cpdef object bound_values(object things, object name, object out)
cpdef object adjust_range(object ctx, object node)
cpdef object adjust_steps(object start, object end, object span, object wrap)
cpdef object _ask_option(object rt, object f, object node)
cpdef object _run_chosen(object rt, object f, object node)
cpdef object _next_iteration(object rt, object f, object name, object body)
cpdef object call_nouns(object resolved, object nouns)
cpdef object call_env(object ctx, object resolved)
cpdef object _env_plan(object resolved)
