# player.cmake — the kakuro player page: the generator compiled to WebAssembly with
# Debian's clang (--target=wasm32-wasi), wasm-ld (lld) and wasi-libc, when that
# toolchain is here, and the page's parts embedded in the harness (PB_PLAYER_SOURCES), which
# `puzzlebench player` and `generate kakuro --html` write out. Without the toolchain
# the harness is built without the generator and says so.
set(PB_PLAYER_DIR ${CMAKE_SOURCE_DIR}/bench/player)
set(PB_WASM_OUT ${CMAKE_BINARY_DIR}/player/kakuro.wasm)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/player)

# The wasm is built by its own compiler, whatever compiles the rest, and from the
# library's kakuro sources alone: no OpenMP, no I/O.
set(PB_WASM_FLAGS --target=wasm32-wasi --sysroot=/usr -std=c11 -O2 -flto -Wall -Wextra
    -D_POSIX_C_SOURCE=200809L -D_WASI_EMULATED_SIGNAL -nostartfiles -Wl,--no-entry
    -Wl,--gc-sections -Wl,--strip-all)
find_program(PB_WASM_CLANG NAMES clang clang-14)
set(PB_HAVE_WASM OFF)
if(PB_WASM_CLANG)
  set(probe ${CMAKE_BINARY_DIR}/player/probe)
  file(WRITE ${probe}.c "#include <stdlib.h>\n#include <signal.h>\n"
       "__attribute__((export_name(\"f\"))) void *f(int n) { return malloc((size_t)n); }\n")
  execute_process(COMMAND ${PB_WASM_CLANG} ${PB_WASM_FLAGS} -o ${probe}.wasm ${probe}.c
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    set(PB_HAVE_WASM ON)
  endif()
endif()
if(PB_HAVE_WASM)
  message(STATUS "kakuro player: WebAssembly generator built with ${PB_WASM_CLANG}")
  file(GLOB PB_WASM_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/engines/core/*.c
       ${CMAKE_SOURCE_DIR}/engines/kakuro/*.c ${PB_PLAYER_DIR}/*.c)
  file(GLOB PB_WASM_HEADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/engines/core/*.h
       ${CMAKE_SOURCE_DIR}/engines/kakuro/*.h ${PB_PLAYER_DIR}/*.h)
  add_custom_command(OUTPUT ${PB_WASM_OUT}
                     COMMAND ${PB_WASM_CLANG} ${PB_WASM_FLAGS} -I${CMAKE_SOURCE_DIR}/engines
                             -I${CMAKE_SOURCE_DIR}/bench -o ${PB_WASM_OUT} ${PB_WASM_SOURCES}
                     DEPENDS ${PB_WASM_SOURCES} ${PB_WASM_HEADERS}
                     COMMENT "Compiling the kakuro generator to WebAssembly"
                     VERBATIM)
  set(PB_WASM_DEP ${PB_WASM_OUT})
else()
  message(STATUS "kakuro player: no WebAssembly toolchain (clang, lld, wasi-libc, "
                 "libclang-rt-dev-wasm32): built without the page's generator")
  set(PB_WASM_OUT "")
  set(PB_WASM_DEP "")
endif()

file(GLOB PB_PLAYER_JS CONFIGURE_DEPENDS ${PB_PLAYER_DIR}/js/*.js)
set(PB_PLAYER_ASSETS ${CMAKE_BINARY_DIR}/player/player_assets.c)
add_custom_command(OUTPUT ${PB_PLAYER_ASSETS}
                   COMMAND ${CMAKE_COMMAND} -DPLAYER_DIR=${PB_PLAYER_DIR} -DWASM=${PB_WASM_OUT}
                           -DOUT=${PB_PLAYER_ASSETS} -P ${CMAKE_SOURCE_DIR}/cmake/embed_player.cmake
                   DEPENDS ${PB_PLAYER_DIR}/kakuro.html ${PB_PLAYER_DIR}/kakuro.css ${PB_PLAYER_JS}
                           ${PB_WASM_DEP} ${CMAKE_SOURCE_DIR}/cmake/embed_player.cmake
                   COMMENT "Embedding the kakuro player page"
                   VERBATIM)
# The harness's part: the page writer and the puzzles' JSON.
set(PB_PLAYER_SOURCES ${PB_PLAYER_DIR}/page/page.c ${PB_PLAYER_DIR}/page/base64.c
    ${PB_PLAYER_DIR}/puzzle_json.c ${PB_PLAYER_ASSETS})
