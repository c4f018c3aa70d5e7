// Command jobqueue runs a small job queue whose workers stall past their
// leases, twice: once writing results with a plain UPDATE … WHERE id = $1,
// once with the fencesql helpers, and prints how many stale writes each run
// accepted.
//
// Every job's first claim by a worker other than worker 0 stalls (a GC pause,
// a suspended VM): the lease expires, another worker claims the job with a
// newer token and writes its result, and then, at least three leases after
// its claim, the stalled worker wakes up and writes its own. With plain writes that late write is
// accepted and overwrites the newer result; with fencesql.Table.Update it is
// rejected with fence.ErrStale.
//
// Usage:
//
//	go run ./examples/jobqueue                      # SQLite in a temporary file
//	go run ./examples/jobqueue -db postgres         # FENCECHECK_POSTGRES_DSN or the default DSN
//	go run ./examples/jobqueue -db postgres -dsn postgres://…
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	var cfg config
	flag.StringVar(&cfg.driver, "db", "sqlite", "database: sqlite or postgres")
	flag.StringVar(&cfg.dsn, "dsn", "", "data source name (default: a temporary SQLite file, or FENCECHECK_POSTGRES_DSN / "+defaultPostgresDSN+")")
	flag.IntVar(&cfg.workers, "workers", 4, "workers (at least 2: worker 0 never stalls)")
	flag.IntVar(&cfg.jobs, "jobs", 12, "jobs")
	flag.DurationVar(&cfg.lease, "lease", 100*time.Millisecond, "lease of a claim; stalled workers pause for at least 3 leases")
	flag.Uint64Var(&cfg.seed, "seed", 1, "seed of the random pauses and job choices")
	flag.Parse()

	ctx := context.Background()
	db, cleanup, err := open(ctx, &cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "jobqueue:", err)
		os.Exit(1)
	}
	defer cleanup()
	fmt.Printf("%s: %d jobs, %d workers, lease %v, seed %d\n", cfg.driver, cfg.jobs, cfg.workers, cfg.lease, cfg.seed)
	for _, m := range []mode{plain, fenced} {
		res, err := run(ctx, db, cfg, m)
		if err != nil {
			fmt.Fprintln(os.Stderr, "jobqueue:", err)
			os.Exit(1)
		}
		fmt.Println(res)
	}
}
