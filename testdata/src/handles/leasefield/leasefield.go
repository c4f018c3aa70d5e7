// Package leasefield keeps a lease in a struct field: the method that
// takes it stores it, another method of the type releases it, and the
// work the type does in between runs under it.
package leasefield

import (
	"context"
	"database/sql"
	"time"

	"github.com/bsm/redislock"
)

// Manager syncs a shard while it holds the shard's lock.
type Manager struct {
	locks *redislock.Client
	db    *sql.DB
	lock  *redislock.Lock
}

// acquire takes the lock and keeps it in the manager.
func (m *Manager) acquire(ctx context.Context) error {
	l, err := m.locks.Obtain(ctx, "shard", time.Minute, nil)
	if err != nil {
		return err
	}
	m.lock = l
	return nil
}

// cleanup releases the lock the manager keeps.
func (m *Manager) cleanup(ctx context.Context) {
	if m.lock != nil {
		m.lock.Release(ctx)
	}
}

// sync writes the shard.
func (m *Manager) sync(ctx context.Context) error {
	_, err := m.db.ExecContext(ctx, `UPDATE shards SET synced_at = now() WHERE id = 1`) // want `updates shards under a lease without a fencing token`
	return err
}

// Run takes the lock, syncs and releases.
func (m *Manager) Run(ctx context.Context) error {
	if err := m.acquire(ctx); err != nil {
		return err
	}
	defer m.cleanup(ctx)
	return m.sync(ctx)
}

// Start takes the lock and syncs in the background until Stop.
func (m *Manager) Start(ctx context.Context) error {
	if err := m.acquire(ctx); err != nil {
		return err
	}
	go func() {
		for range time.Tick(time.Second) {
			m.report(ctx)
		}
	}()
	return nil
}

// report writes the shard's report.
func (m *Manager) report(ctx context.Context) {
	m.db.ExecContext(ctx, `UPDATE shard_reports SET at = now() WHERE id = 1`) // want `updates shard_reports under a lease without a fencing token`
}

// Stop releases the lock.
func (m *Manager) Stop(ctx context.Context) { m.cleanup(ctx) }

// Audit writes after the lock was released.
func (m *Manager) Audit(ctx context.Context) error {
	if err := m.acquire(ctx); err != nil {
		return err
	}
	m.cleanup(ctx)
	_, err := m.db.ExecContext(ctx, `UPDATE audits SET at = now() WHERE id = 1`) // ok: the lock was released by cleanup
	return err
}
