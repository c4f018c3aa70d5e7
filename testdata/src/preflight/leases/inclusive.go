package leases

import "time"

// Current reports whether the lease's deadline has not passed, the
// deadline itself included: a probe, by its result.
func (l *Lease) Current() bool { // want Current:`fence:probe`
	now := l.clock()
	return l.Until.After(now) || l.Until.Equal(now)
}

// Outlasts compares the deadline with another time the same way: no
// clock is read, so it is not a probe.
func (l *Lease) Outlasts(t time.Time) bool {
	return l.Until.After(t) || l.Until.Equal(t)
}
