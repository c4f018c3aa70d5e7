// Package sweeper runs periodic work under the leases of package expiry
// and an etcd lock, and checks them in the ways that do not fence.
package sweeper

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"

	"example.com/services/expiry"
)

// Sweeper compacts the day's results.
type Sweeper struct {
	RDB   *redis.Client
	Etcd  *clientv3.Client
	Clock expiry.Clock
	Store *expiry.Store
}

// Sweep writes after the lease checks package expiry offers.
func (s *Sweeper) Sweep(ctx context.Context, day string) error {
	l, err := expiry.Take(ctx, s.RDB, s.Clock, "sweep/"+day, time.Minute)
	if err != nil {
		return err
	}
	if l.Valid() {
		s.RDB.Del(ctx, "pending/"+day) // finding: preflight
	}
	if err := s.Store.Finish(ctx, l, day, "swept"); err != nil { // finding: preflight
		return err
	}
	if l.Left() > 0 {
		s.RDB.Del(ctx, "stale/"+day) // finding: unfenced
	}
	return s.Store.Record(ctx, day+"/count", "1") // finding: unfenced
}

// Compact holds an etcd lock, reads the stored generation back and
// compares it in Go before writing.
func (s *Sweeper) Compact(ctx context.Context, day string) error {
	sess, err := concurrency.NewSession(s.Etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	mu := concurrency.NewMutex(sess, "/locks/compact")
	if err := mu.Lock(ctx); err != nil {
		return err
	}
	defer mu.Unlock(ctx)
	tok := mu.Header().Revision
	resp, err := s.Etcd.Get(ctx, "/compact/"+day)
	if err != nil {
		return err
	}
	if len(resp.Kvs) > 0 && resp.Kvs[0].ModRevision > tok {
		return nil
	}
	if _, err := s.Etcd.Put(ctx, "/compact/"+day, "done"); err != nil { // finding: clientcompare
		return err
	}
	return nil
}

// Watchdog cancels its work context when the etcd session ends, and
// checks that context before writing.
func (s *Sweeper) Watchdog(parent context.Context, day string) error {
	sess, err := concurrency.NewSession(s.Etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	mu := concurrency.NewMutex(sess, "/locks/watchdog")
	if err := mu.Lock(parent); err != nil {
		return err
	}
	defer mu.Unlock(parent)
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	go func() {
		<-sess.Done()
		cancel()
	}()
	if ctx.Err() == nil {
		s.RDB.Set(ctx, "watchdog/"+day, "ok", 0) // finding: preflight
	}
	return nil
}

// Detached checks a context the lock has nothing to do with.
func (s *Sweeper) Detached(parent context.Context, day string) error {
	sess, err := concurrency.NewSession(s.Etcd)
	if err != nil {
		return err
	}
	defer sess.Close()
	mu := concurrency.NewMutex(sess, "/locks/detached")
	if err := mu.Lock(parent); err != nil {
		return err
	}
	defer mu.Unlock(parent)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if ctx.Err() == nil {
		s.RDB.Set(ctx, "detached/"+day, "ok", 0) // finding: unfenced
	}
	return nil
}
