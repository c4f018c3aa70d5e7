// Package retry synthesizes the part of k8s.io/client-go/util/retry (v0.37)
// that fencecheck's tests need, with the real signatures and the real shape
// of the bodies: RetryOnConflict goes through OnError, which runs fn inside
// the condition it hands to wait.ExponentialBackoff.
package retry

import (
	"time"

	"k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
)

// DefaultRetry is the recommended retry for a conflict where multiple
// clients are making changes to the same resource.
var DefaultRetry = wait.Backoff{Steps: 5, Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1}

// DefaultBackoff is the recommended backoff for a conflict where a client
// may be attempting to make an unrelated modification to a resource under
// active management by one or more controllers.
var DefaultBackoff = wait.Backoff{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}

// OnError allows the caller to retry fn in case the error returned by fn is
// retriable according to the provided function.
func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error { // want OnError:`fence:sync\(1,2\)`
	var lastErr error
	err := wait.ExponentialBackoff(backoff, func() (bool, error) {
		err := fn()
		switch {
		case err == nil:
			return true, nil
		case retriable(err):
			lastErr = err
			return false, nil
		default:
			return false, err
		}
	})
	if err == wait.ErrWaitTimeout {
		err = lastErr
	}
	return err
}

// RetryOnConflict is used to make an update to a resource when you have to
// worry about conflicts caused by other code making unrelated updates to the
// resource at the same time.
func RetryOnConflict(backoff wait.Backoff, fn func() error) error { // want RetryOnConflict:`fence:sync\(1\)`
	return OnError(backoff, errors.IsConflict, fn)
}
