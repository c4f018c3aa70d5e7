// Package retry synthesizes the part of github.com/avast/retry-go/v4 that fencecheck's tests need, with the real signatures.
package retry

// RetryableFunc is the function Do retries.
type RetryableFunc func() error

// RetryableFuncWithData is the function DoWithData retries.
type RetryableFuncWithData[T any] func() (T, error)

// Config holds the options.
type Config struct{}

// Option configures Do.
type Option func(*Config)

// Attempts sets how many times Do tries.
func Attempts(attempts uint) Option { return nil }

// Do calls retryableFunc until it succeeds or the attempts run out.
func Do(retryableFunc RetryableFunc, opts ...Option) error { return retryableFunc() }

// DoWithData is Do for a function that returns a value.
func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	return retryableFunc()
}
