# compare_lib.sh — what the compare tests share (cli_compare.sh,
# cli_compare_engines.sh): the run id of the files they write, and set_table, a
# results file with its raw samples from one line a run. Sourced after cli_lib.sh
# (tmp).
# shellcheck shell=bash
# shellcheck disable=SC2154 # tmp: cli_lib.sh's scratch folder

run=20261130T132512Z-3f9a1c
# A sweep's threads, params and engine_seed: set_table NAME < "row instance engine
# order threads params engine_seed steps median" lines. Five samples of a run are its
# median times 1.00 1.01 0.99 1.02 0.98 (cv 1.6%).
set_header=family,instance,cells,engine,order,mode,threads,params,engine_seed,rep,status,solutions,steps,placements,backtracks,candidates,guesses,learnts,restarts,wall_s,puzzles,run_id,row,samples,runs_per_sample,min_s,median_s,mean_s,stddev_s,cv,median_lo_s,median_hi_s,noisy
set_table() {
    echo "$set_header" >"$tmp/$1.csv"
    echo "run_id,row,sample,runs,wall_s" >"$tmp/$1.samples.csv"
    awk -v run="$run" -v csv="$tmp/$1.csv" -v smp="$tmp/$1.samples.csv" '{
        printf "toy,%s,4,%s,%s,first,%s,%s,%s,0,done,1,%s,0,0,0,0,0,0,%.9g,1,%s,%s,5,1,%.9g,%.9g,%.9g,,,,,0\n",
            $2, $3, $4, $5, $6, $7, $8, $9, run, $1, $9, $9, $9 >> csv
        split("1.00 1.01 0.99 1.02 0.98", f, " ")
        for (k = 1; k <= 5; k++) printf "%s,%s,%d,1,%.9g\n", run, $1, k - 1, $9 * f[k] >> smp
    }'
}
