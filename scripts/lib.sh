# lib.sh — what the shell scripts share, sourced (never run) before they move to the
# repository root: a path given relative, as an argument or in a variable, names a file
# from the caller's folder, where the scripts work from the root; the refusal of an
# OUT_DIR that is no folder; and the program a data script runs.
# Sourced as . "$(dirname "$0")/lib.sh" (from bench/families/NAME/: ../../../scripts/).
# shellcheck shell=bash

# cd_root: notes the caller's folder, for from_caller, and moves to the repository root.
cd_root() {
    caller_dir=$PWD
    cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit
}

# from_caller VAR...: each variable named, a path relative to the caller's folder, made
# absolute; left as it is when absolute, or when the caller was at the root already.
from_caller() {
    local lib_var
    for lib_var; do
        [[ ${!lib_var} == /* || $PWD == "$caller_dir" ]] || printf -v "$lib_var" '%s' "$caller_dir/${!lib_var}"
    done
}

# program_from_caller VAR...: the same for a program, whose bare name is left to PATH.
program_from_caller() {
    local lib_var
    for lib_var; do [[ ${!lib_var} != */* ]] || from_caller "$lib_var"; done
}

# env_from_caller [--program] VAR...: from_caller (or program_from_caller) for variables
# of the environment, those set and not empty; exported still, so that what the script
# runs from the root gets them absolute.
env_from_caller() {
    local lib_how=from_caller lib_var
    if [ "${1:-}" = --program ]; then lib_how=program_from_caller && shift; fi
    for lib_var; do [ -z "${!lib_var:-}" ] || "$lib_how" "$lib_var"; done
}

# data_program NAME [PATH/TO/puzzlebench]: for a script that makes a data set (after
# cd_root), pb, the program it runs (default build/puzzlebench; one given names it from
# the caller's folder), and threads, the CPUs to make it on; exit 1 when pb is not built.
data_program() {
    pb=${2:-build/puzzlebench}
    [ $# -lt 2 ] || from_caller pb
    if [ ! -x "$pb" ]; then
        echo "$1: $pb not found: build first (scripts/setup.sh)" >&2
        exit 1
    fi
    # shellcheck disable=SC2034 # the caller's
    threads=$(nproc 2>/dev/null || echo 2)
}

# out_dir_check SCRIPT DIR: an OUT_DIR that is a file, or a link to no folder, is refused
# before any work (a folder yet to be made is not).
out_dir_check() {
    if [ ! -d "$2" ] && { [ -e "$2" ] || [ -L "$2" ]; }; then
        echo "$1: $2: not a folder (OUT_DIR)" >&2
        exit 2
    fi
}
