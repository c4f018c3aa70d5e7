package main

import (
	"context"
	"testing"
	"time"

	"github.com/fencecheck/fencecheck/runtime/internal/servers"
)

// TestStaleWrites runs the queue with plain and with fenced writes. Every
// job's first claim by a worker other than worker 0 stalls past its lease
// until a newer holder has written, so the plain run accepts stale writes by
// construction; the fenced run must accept none.
func TestStaleWrites(t *testing.T) {
	for _, driver := range []string{"sqlite", "postgres"} {
		t.Run(driver, func(t *testing.T) {
			cfg := config{driver: driver, workers: 3, jobs: 8, lease: 50 * time.Millisecond, seed: 7}
			if driver == "postgres" {
				cfg.dsn = servers.PostgresDSN()
			}
			db, cleanup, err := open(t.Context(), &cfg)
			if err != nil {
				if driver == "postgres" {
					servers.Unavailable(t, "PostgreSQL at FENCECHECK_POSTGRES_DSN (default "+servers.DefaultPostgresDSN+")", err)
				}
				t.Fatal(err)
			}
			defer cleanup()
			p, err := run(t.Context(), db, cfg, plain)
			if err != nil {
				t.Fatal(err)
			}
			f, err := run(t.Context(), db, cfg, fenced)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("\n%v\n%v", p, f)
			// Each of workers 1..W-1 holds a stalled first claim, and a stalled
			// holder writes only after a newer holder has written.
			if p.stale < cfg.workers-1 || p.lost == 0 {
				t.Errorf("plain run: %d stale writes accepted, %d results lost; the schedule must produce at least %d and 1", p.stale, p.lost, cfg.workers-1)
			}
			if f.stale != 0 || f.lost != 0 {
				t.Errorf("fenced run: %d stale writes accepted, %d results lost; want 0 and 0", f.stale, f.lost)
			}
			if f.rejected == 0 {
				t.Error("fenced run rejected no write: the stalled workers' late writes must be rejected")
			}
		})
	}
}

func TestOpenRejectsBadFlags(t *testing.T) {
	for _, cfg := range []config{{driver: "oracle", workers: 3}, {driver: "sqlite", workers: 1}} {
		if _, _, err := open(context.Background(), &cfg); err == nil {
			t.Errorf("open(%+v): no error", cfg)
		}
	}
}
