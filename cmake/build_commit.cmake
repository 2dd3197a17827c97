# build_commit.cmake — run at every build (cmake -P): writes OUT (build_commit.h) with the
# source tree's commit and "-dirty" when tracked files differ from it (results/ does not
# count), rewriting it only when its content changes. Without git or outside a
# repository the commit is "unknown".
# usage: cmake -DSRC=SOURCE_DIR -DOUT=FILE -P build_commit.cmake
if(NOT SRC OR NOT OUT)
  message(FATAL_ERROR "build_commit.cmake: give -DSRC=DIR -DOUT=FILE")
endif()

set(commit "unknown")
find_program(PB_GIT git)
if(PB_GIT)
  # No optional locks: a concurrent git command must not trip over our index refresh.
  set(ENV{GIT_OPTIONAL_LOCKS} 0)
  execute_process(COMMAND ${PB_GIT} -C ${SRC} rev-parse --verify HEAD
                  RESULT_VARIABLE rc OUTPUT_VARIABLE head ERROR_QUIET
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0 AND head MATCHES "^[0-9a-f]+$")
    execute_process(COMMAND ${PB_GIT} -C ${SRC} status --porcelain --untracked-files=no
                            -- . ":(exclude)results"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE status ERROR_QUIET)
    set(commit "${head}")
    if(rc EQUAL 0 AND NOT status STREQUAL "")
      set(commit "${head}-dirty")
    endif()
  endif()
endif()

set(text "/* build_commit.h — generated at build time by cmake/build_commit.cmake: the source\n * tree's commit when this binary was built. */\n#define PB_BUILD_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
