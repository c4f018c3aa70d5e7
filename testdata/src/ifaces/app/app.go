// Package app calls through the ports: through methods with directives
// (declared in another package), and through methods whose
// implementations it can see (pgrepo, imported for wiring).
package app

import (
	"context"
	"database/sql"

	"ifaces/fakes"
	"ifaces/pgqueue"
	"ifaces/pgrepo"
	"ifaces/ports"
)

// App holds the ports.
type App struct {
	Q ports.Claimer
	S ports.JobStore
	N ports.Notifier
}

// New wires the PostgreSQL implementations.
func New(db *sql.DB) *App {
	return &App{Q: &pgqueue.Queue{DB: db}, S: &pgrepo.Store{DB: db}, N: fakes.MockNotifier{DB: db}}
}

// Directives uses a lease service whose interface methods carry directives.
func Directives(ctx context.Context, l ports.Leases) error {
	j, err := l.Claim(ctx)
	if err != nil {
		l.Record(ctx, 0) // ok: the claim failed
		return err
	}
	l.Record(ctx, j.ID)        // want `call to \(ports\.Leases\)\.Record writes under a lease without a fencing token`
	l.Save(ctx, j.ID, j.Token) // ok: guarded by the claim's token
	l.Ping(ctx)                // ok: no directive, no implementation
	if err := l.Release(ctx, j.ID); err != nil {
		return err
	}
	l.Record(ctx, j.ID) // ok: released
	return nil
}

// NoLease writes through the directive interface without a lease.
func NoLease(ctx context.Context, l ports.Leases) {
	l.Record(ctx, 1) // ok: no lease is held
}

// Run claims through the Claimer (pgqueue.Queue claims; the fake does not
// count) and finishes through the JobStore.
func (a *App) Run(ctx context.Context) error {
	j, err := a.Q.Next(ctx)
	if err != nil {
		a.S.Complete(ctx, 0) // ok: the claim failed
		return err
	}
	a.S.Complete(ctx, j.ID)        // want `call to \(ports\.JobStore\)\.Complete writes jobs via \(\*pgrepo\.Store\)\.Complete → \(\*sql\.DB\)\.ExecContext without a fencing token`
	a.S.Finish(ctx, j.ID, j.Token) // ok: every implementation is guarded
	a.N.Notify(ctx, j.ID)          // ok: only a mock implements Notifier
	return nil
}

// Idle finishes a job without claiming it.
func (a *App) Idle(ctx context.Context) {
	a.S.Complete(ctx, 1) // ok: no lease is held
}
