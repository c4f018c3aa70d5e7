// Package backoff synthesizes the part of github.com/cenkalti/backoff/v5 that fencecheck's tests need, with the real signatures.
package backoff

import "context"

// Operation is what Retry runs.
type Operation[T any] func() (T, error)

type retryOptions struct{}

// RetryOption configures Retry.
type RetryOption func(*retryOptions)

// WithMaxTries limits the attempts.
func WithMaxTries(n uint) RetryOption { return nil }

// Retry runs operation until it succeeds, fails permanently or the
// backoff gives up.
func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	return operation()
}
