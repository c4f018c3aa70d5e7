// Package guard runs callbacks for the rest of the project: under an
// in-process lock, retried, later, or in a goroutine. It imports no library
// fencecheck models, so it gets no SSA: which callbacks it runs before it
// returns is read from its syntax.
package guard

// Locker is held while a callback runs.
type Locker interface {
	Lock()
	Unlock()
}

// WithLock runs fn while l is held.
func WithLock(l Locker, fn func() error) error { // want WithLock:`fence:sync\(1\)`
	l.Lock()
	defer l.Unlock()
	return fn()
}

// Op is an operation Retry runs.
type Op func() error

// Retry calls fn until it succeeds, at most n times, through a local
// variable, a conversion and a helper of the package.
func Retry(n int, fn func() error) error { // want Retry:`fence:sync\(1\)`
	op := Op(fn)
	var err error
	for i := 0; i < n; i++ {
		if err = attempt(op); err == nil {
			return nil
		}
	}
	return err
}

func attempt(op Op) error {
	if op == nil {
		return nil
	}
	return op()
}

// Queue holds callbacks to run later.
type Queue struct{ fns []func() error }

// Later stores fn: it runs when Drain is called, not before Later returns.
func (q *Queue) Later(fn func() error) { q.fns = append(q.fns, fn) }

// Drain runs the stored callbacks.
func (q *Queue) Drain() {
	for _, fn := range q.fns {
		_ = fn()
	}
}

// Go runs fn in a goroutine: not before it returns.
func Go(fn func() error) {
	go func() { _ = fn() }()
}

// GoRetry retries fn in a goroutine, through a closure handed to Retry.
func GoRetry(fn func() error) {
	run := func() { _ = Retry(3, fn) }
	go run()
}

// Deferred returns fn for its caller to run: not called here.
func Deferred(fn func() error) func() error { return fn }
