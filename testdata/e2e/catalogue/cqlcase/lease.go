package cqlcase

import (
	"context"

	"github.com/gocql/gocql"
)

// Leases take a Cassandra lease: a row created only if absent, with a TTL.
type Leases struct {
	cql *gocql.Session
	me  string
}

// Compact holds the compaction lease while it rewrites the day's report.
func (l *Leases) Compact(ctx context.Context, day string) error {
	applied, err := l.cql.Query(`INSERT INTO leases (name, owner) VALUES (?, ?) IF NOT EXISTS USING TTL 30`, "compact", l.me).WithContext(ctx).ScanCAS()
	if err != nil {
		return err
	}
	if !applied {
		return nil // another worker holds it
	}
	defer l.cql.Query(`DELETE FROM leases WHERE name = ? IF owner = ?`, "compact", l.me).Exec()                                                     // ok: releases the lease
	if _, err := l.cql.Query(`UPDATE leases USING TTL 30 SET owner = ? WHERE name = ? IF owner = ?`, l.me, "compact", l.me).ScanCAS(); err != nil { // ok: renews the lease
		return err
	}
	return l.cql.Query(`UPDATE reports SET state = 'compacted' WHERE day = ?`, day).Exec() // finding: unfenced
}

// Seed creates the day's report once: a row created only if absent but
// with no TTL is no lease, and the write after it is no write under one.
func (l *Leases) Seed(ctx context.Context, day string) error {
	applied, err := l.cql.Query(`INSERT INTO reports (day, state) VALUES (?, 'new') IF NOT EXISTS`, day).WithContext(ctx).ScanCAS()
	if err != nil || !applied {
		return err
	}
	return l.cql.Query(`UPDATE reports SET state = 'seeded' WHERE day = ?`, day).Exec() // ok: no lease is held
}

// Release gives the lease back before the last write.
func (l *Leases) Release(ctx context.Context, day string) error {
	applied, err := l.cql.Query(`INSERT INTO leases (name, owner) VALUES (?, ?) IF NOT EXISTS USING TTL 30`, "report", l.me).ScanCAS()
	if err != nil || !applied {
		return err
	}
	if err := l.cql.Query(`UPDATE reports SET state = 'sent' WHERE day = ?`, day).Exec(); err != nil { // finding: unfenced
		return err
	}
	if _, err := l.cql.Query(`DELETE FROM leases WHERE name = ? IF owner = ?`, "report", l.me).ScanCAS(); err != nil { // ok: releases the lease
		return err
	}
	return l.cql.Query(`UPDATE reports SET notified = true WHERE day = ?`, day).Exec() // ok: the lease was released
}

// Failed writes only where the lease was not taken.
func (l *Leases) Failed(ctx context.Context, day string) error {
	applied, err := l.cql.Query(`INSERT INTO leases (name, owner) VALUES (?, ?) IF NOT EXISTS USING TTL 30`, "retry", l.me).ScanCAS()
	if err != nil {
		return err
	}
	if !applied {
		return l.cql.Query(`UPDATE reports SET skipped = true WHERE day = ?`, day).Exec() // ok: the lease was not taken
	}
	return nil
}
