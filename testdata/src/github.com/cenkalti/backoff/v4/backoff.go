// Package backoff synthesizes the part of github.com/cenkalti/backoff/v4 that fencecheck's tests need, with the real signatures.
package backoff

import "time"

// BackOff is a backoff policy.
type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

// ExponentialBackOff grows the wait exponentially.
type ExponentialBackOff struct{}

// ExponentialBackOffOpts configures NewExponentialBackOff.
type ExponentialBackOffOpts func(*ExponentialBackOff)

// NewExponentialBackOff returns an exponential policy.
func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff { return nil }

// NextBackOff returns the next wait.
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }

// Reset restarts the policy.
func (b *ExponentialBackOff) Reset() {}

// Operation is what Retry runs.
type Operation func() error

// OperationWithData is what RetryWithData runs.
type OperationWithData[T any] func() (T, error)

// Notify is called after each failed attempt.
type Notify func(error, time.Duration)

// Retry runs o until it succeeds or b stops.
func Retry(o Operation, b BackOff) error { return o() }

// RetryNotify is Retry with a notification after each failure.
func RetryNotify(operation Operation, b BackOff, notify Notify) error { return operation() }

// RetryWithData is Retry for an operation that returns a value.
func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { return o() }
