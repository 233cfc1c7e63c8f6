# SPDX-License-Identifier: MIT
# lineup_check()'s POST_BUILD step: `LINEUP ARGS... FILE`, and on a broken
# rule (or any error) FILE removed, so that the next build makes and
# checks it again rather than taking the unchecked file as up to date.
# The words come one per variable, LINEUP_ARG_0 .. LINEUP_ARG_<ARGC-1>.
set(args "")
math(EXPR last "${LINEUP_ARGC} - 1")
foreach(i RANGE 0 ${last})
  list(APPEND args "${LINEUP_ARG_${i}}")
endforeach()
execute_process(COMMAND "${LINEUP}" ${args} "${FILE}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE "${FILE}")
  message(FATAL_ERROR "lineup check failed (exit ${rc}) on ${FILE}; "
    "removed it so the next build checks it again")
endif()
