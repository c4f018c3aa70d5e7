package preflight

import (
	"context"
	"database/sql"
	"time"
)

// Clock is an injected clock.
type Clock interface {
	Now() time.Time
}

// Service writes under claims and checks expiry through its clock.
type Service struct {
	DB    *sql.DB
	Clock Clock
	now   func() time.Time
}

// InjectedClock compares the injected clock with the lease deadline.
func (s *Service) InjectedClock(ctx context.Context, id int64, until time.Time) {
	claim(ctx, s.DB, id)
	if s.Clock.Now().After(until) {
		return
	}
	s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
}

// ClockFunc compares a func() time.Time field with the deadline in
// nanoseconds.
func (s *Service) ClockFunc(ctx context.Context, id int64, deadline int64) {
	claim(ctx, s.DB, id)
	if s.now().UnixNano() < deadline {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// Elapsed compares two readings of the clock: it measures time spent, it
// checks no lease.
func (s *Service) Elapsed(ctx context.Context, id int64) {
	start := s.Clock.Now()
	claim(ctx, s.DB, id)
	if s.Clock.Now().Sub(start) > time.Second {
		return
	}
	s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: no deadline is checked; reported by unfenced
}

// Lease is a claim with its deadline.
type Lease struct {
	clock Clock
	until time.Time
	name  string
}

// valid reports whether the lease has not expired: an inferred probe.
func (l *Lease) valid() bool {
	if l == nil {
		return false
	}
	return l.clock.Now().Before(l.until)
}

// expired is an inferred probe through another one.
func (l *Lease) expired() bool { return !l.valid() }

// named reports a property of the lease that is not its validity.
func (l *Lease) named() bool { return l.name != "" }

// InferredProbe writes after a helper that compares the clock.
func (s *Service) InferredProbe(ctx context.Context, l *Lease, id int64) {
	claim(ctx, s.DB, id)
	if l.valid() {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// InferredTwice returns early through a probe of a probe.
func (s *Service) InferredTwice(ctx context.Context, l *Lease, id int64) {
	claim(ctx, s.DB, id)
	if l.expired() {
		return
	}
	s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
}

// NotAProbe branches on a bool that checks nothing about the lease.
func (s *Service) NotAProbe(ctx context.Context, l *Lease, id int64) {
	claim(ctx, s.DB, id)
	if l.named() {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: not a probe; reported by unfenced
	}
}

// lock takes a lease and returns the channel closed when it is lost.
//
//fencecheck:acquire
func lock(ctx context.Context, name string) (<-chan struct{}, error) { return nil, nil }

// CancelledOnLoss derives a context cancelled when the lease is lost.
func (s *Service) CancelledOnLoss(parent context.Context, id int64) {
	lost, err := lock(parent, "jobs")
	if err != nil {
		return
	}
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	go func() {
		<-lost
		cancel()
	}()
	if ctx.Err() == nil {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// CancelledLater derives a context cancelled on a timer, not on loss.
func (s *Service) CancelledLater(parent context.Context, id int64) {
	if _, err := lock(parent, "jobs"); err != nil {
		return
	}
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	go func() {
		time.Sleep(time.Second)
		cancel()
	}()
	if ctx.Err() == nil {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: not a lease context; reported by unfenced
	}
}

// Handle is a job handler: the framework cancels its context when the
// job's lease ends.
//
//fencecheck:handler
func Handle(ctx context.Context, db *sql.DB, id int64) error {
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return finish(tctx, db, id)
}

// finish is called only with the handler's context.
func finish(ctx context.Context, db *sql.DB, id int64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	return err
}

// ShortCircuit checks the lease in the second operand of ||.
func (s *Service) ShortCircuit(ctx context.Context, l *Lease, id int64) {
	claim(ctx, s.DB, id)
	if l == nil || !l.valid() {
		return
	}
	s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
}

// CheckAfter writes first and checks after, in a loop: the check decides
// later rounds, not the write of the first.
func (s *Service) CheckAfter(ctx context.Context, l *Lease, id int64) {
	claim(ctx, s.DB, id)
	for i := 0; i < 3; i++ {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: the check runs after the write; reported by unfenced
		if !l.valid() {
			break
		}
	}
}

// save writes; each of its callers checks the lease first.
func (s *Service) save(ctx context.Context, id int64) {
	s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
}

// CallerChecks checks the lease, then calls the helper that writes.
func (s *Service) CallerChecks(ctx context.Context, l *Lease, id int64) {
	claim(ctx, s.DB, id)
	if l.valid() {
		s.save(ctx, id)
	}
}

// store writes; one of its callers does not check the lease.
func (s *Service) store(ctx context.Context, id int64) {
	s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: one caller does not check; reported by unfenced
}

// OneChecks checks before one call of store only.
func (s *Service) OneChecks(ctx context.Context, l *Lease, id int64) {
	claim(ctx, s.DB, id)
	if l.valid() {
		s.store(ctx, id)
	}
	s.store(ctx, id)
}

// Checker is a lease check behind an interface.
type Checker interface {
	Valid() bool
	Until() time.Time
}

// deadline checks the clock against its deadline.
type deadline struct {
	clock Clock
	until time.Time
}

func (d deadline) Valid() bool { return d.clock.Now().Before(d.until) }

func (d deadline) Until() time.Time { return d.until }

// ThroughInterface checks through an interface whose every implementation
// is a probe.
func (s *Service) ThroughInterface(ctx context.Context, c Checker, id int64) {
	claim(ctx, s.DB, id)
	if c.Valid() {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// Flag is a bool behind an interface, not a lease check.
type Flag interface {
	Valid() bool
}

// named is a Flag that checks a name.
type named struct{ name string }

func (n named) Valid() bool { return n.name != "" }

// ThroughFlag branches on an interface an implementation of which checks
// nothing about the lease.
func (s *Service) ThroughFlag(ctx context.Context, f Flag, id int64) {
	claim(ctx, s.DB, id)
	if f.Valid() {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: not every implementation is a probe; reported by unfenced
	}
}
