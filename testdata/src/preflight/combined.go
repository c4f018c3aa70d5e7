package preflight

import (
	"context"
	"time"
)

// Window is a lease whose deadline is inclusive, checked through bools
// built from clock comparisons.
type Window struct {
	clock Clock
	start time.Time
	until time.Time
}

// Valid reports whether the deadline has not passed, the deadline itself
// included: an ordering comparison or'ed with its boundary.
func (w Window) Valid() bool {
	now := w.clock.Now()
	return w.until.After(now) || w.until.Equal(now)
}

// Open reports whether the deadline has not passed and the window has
// a start, with && and !: the clock is compared in the first operand only.
func (w Window) Open() bool {
	return !time.Now().After(w.until) && !w.start.IsZero()
}

// Live returns a constant that a clock comparison decides.
func (w Window) Live() bool {
	if time.Now().After(w.until) {
		return false
	}
	return true
}

// AtDeadline compares the deadline with the clock for equality alone.
func (w Window) AtDeadline() bool { return w.until.Equal(w.clock.Now()) }

// Covers compares two stored times: no clock is read.
func (w Window) Covers(t time.Time) bool { return w.until.After(t) || w.until.Equal(t) }

// InclusiveDeadline writes after a check of the inclusive deadline.
func (s *Service) InclusiveDeadline(ctx context.Context, w Window, id int64) {
	claim(ctx, s.DB, id)
	if w.Valid() {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// InsideWindow returns early unless the clock is within the window.
func (s *Service) InsideWindow(ctx context.Context, w Window, id int64) {
	claim(ctx, s.DB, id)
	if !w.Open() {
		return
	}
	s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
}

// EarlyReturns writes after a check written with returns of constants.
func (s *Service) EarlyReturns(ctx context.Context, w Window, id int64) {
	claim(ctx, s.DB, id)
	if w.Live() {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// InlineInclusive checks the inclusive deadline in the condition itself.
func (s *Service) InlineInclusive(ctx context.Context, w Window, id int64) {
	claim(ctx, s.DB, id)
	now := s.Clock.Now()
	if ok := now.Before(w.until) || now.Equal(w.until); ok {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// ExactInstant branches on an equality with the clock alone.
func (s *Service) ExactInstant(ctx context.Context, w Window, id int64) {
	claim(ctx, s.DB, id)
	if !w.AtDeadline() {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: an equality with the clock is not a probe; reported by unfenced
	}
}

// StoredTimes branches on two stored times compared the inclusive way.
func (s *Service) StoredTimes(ctx context.Context, w Window, id int64, at time.Time) {
	claim(ctx, s.DB, id)
	if w.Covers(at) {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: no clock is read; reported by unfenced
	}
}

// TwoReadings compares two readings of the clock the inclusive way.
func (s *Service) TwoReadings(ctx context.Context, id int64) {
	start := s.Clock.Now()
	claim(ctx, s.DB, id)
	now := s.Clock.Now()
	if now.After(start) || now.Equal(start) {
		s.DB.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: elapsed time, not a deadline; reported by unfenced
	}
}
