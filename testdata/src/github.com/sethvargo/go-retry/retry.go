// Package retry synthesizes the part of github.com/sethvargo/go-retry (v0.5.0)
// that fencecheck's tests need, with the real signatures and the real shape of
// the bodies: Do hands its function to the generic DoValue inside a closure.
package retry

import (
	"context"
	"errors"
	"time"
)

// RetryFunc is a function passed to Do.
type RetryFunc func(ctx context.Context) error

// RetryFuncValue is a function passed to DoValue which returns a value.
type RetryFuncValue[T any] func(ctx context.Context) (T, error)

// Backoff is an interface that backs off.
type Backoff interface {
	Next() (next time.Duration, stop bool)
}

type constantBackoff struct{ d time.Duration }

func (b *constantBackoff) Next() (time.Duration, bool) { return b.d, false }

// NewConstant creates a new constant backoff.
func NewConstant(t time.Duration) Backoff { return &constantBackoff{t} }

// WithMaxRetries executes the backoff function up until the maximum attempts.
func WithMaxRetries(max uint64, next Backoff) Backoff { return next }

type retryableError struct{ err error }

func (e *retryableError) Unwrap() error { return e.err }
func (e *retryableError) Error() string { return "retryable: " + e.err.Error() }

// RetryableError marks an error as retryable.
func RetryableError(err error) error {
	if err == nil {
		return nil
	}
	return &retryableError{err}
}

// DoValue wraps a function that returns a value with a backoff to retry.
func DoValue[T any](ctx context.Context, b Backoff, f RetryFuncValue[T]) (T, error) { // want DoValue:`fence:sync\(2\)`
	var nilT T
	for {
		if err := context.Cause(ctx); err != nil {
			return nilT, err
		}
		v, err := f(ctx)
		if err == nil {
			return v, nil
		}
		var rerr *retryableError
		if !errors.As(err, &rerr) {
			return nilT, err
		}
		next, stop := b.Next()
		if stop {
			return nilT, rerr.Unwrap()
		}
		t := time.NewTimer(next)
		select {
		case <-ctx.Done():
			t.Stop()
		case <-t.C:
		}
	}
}

// Do wraps a function with a backoff to retry.
func Do(ctx context.Context, b Backoff, f RetryFunc) error { // want Do:`fence:sync\(2\)`
	_, err := DoValue(ctx, b, func(ctx context.Context) (*struct{}, error) {
		return nil, f(ctx)
	})
	return err
}
