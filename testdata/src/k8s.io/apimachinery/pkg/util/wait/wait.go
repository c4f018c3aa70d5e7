// Package wait synthesizes the part of k8s.io/apimachinery/pkg/util/wait
// (v0.37) that fencecheck's tests need, with the real signatures and the real
// shape of the bodies: polls run their condition through a shared loop, in
// closures called in place, and the deprecated polls adapt a ConditionFunc
// with its WithContext method.
package wait

import (
	"context"
	"errors"
	"time"
)

// ConditionFunc returns true if the condition is satisfied, or an error
// if the loop should be aborted.
type ConditionFunc func() (done bool, err error)

// ConditionWithContextFunc returns true if the condition is satisfied, or an
// error if the loop should be aborted.
type ConditionWithContextFunc func(context.Context) (done bool, err error)

// WithContext converts a ConditionFunc into a ConditionWithContextFunc.
func (cf ConditionFunc) WithContext() ConditionWithContextFunc {
	return func(context.Context) (done bool, err error) {
		return cf()
	}
}

// ErrWaitTimeout is returned when the condition was not satisfied in time.
var ErrWaitTimeout = errors.New("timed out waiting for the condition")

// Backoff holds parameters applied to a Backoff function.
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

// Step returns an amount of time to sleep determined by the backoff.
func (b *Backoff) Step() time.Duration {
	b.Steps--
	return b.Duration
}

func handleCrash() {}

func runConditionWithCrashProtection(condition ConditionFunc) (bool, error) {
	defer handleCrash()
	return condition()
}

func runConditionWithCrashProtectionWithContext(ctx context.Context, condition ConditionWithContextFunc) (bool, error) {
	defer handleCrash()
	return condition(ctx)
}

// ExponentialBackoff repeats a condition check with exponential backoff.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { // want ExponentialBackoff:`fence:sync\(1\)`
	for backoff.Steps > 0 {
		if ok, err := runConditionWithCrashProtection(condition); err != nil || ok {
			return err
		}
		if backoff.Steps == 1 {
			break
		}
		time.Sleep(backoff.Step())
	}
	return ErrWaitTimeout
}

// ExponentialBackoffWithContext repeats a condition check with exponential
// backoff.
func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error { // want ExponentialBackoffWithContext:`fence:sync\(2\)`
	for backoff.Steps > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if ok, err := runConditionWithCrashProtectionWithContext(ctx, condition); err != nil || ok {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff.Step()):
		}
	}
	return ErrWaitTimeout
}

func loopConditionUntilContext(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	t := time.NewTicker(interval)
	defer t.Stop()
	if immediate {
		if ok, err := func() (bool, error) {
			defer handleCrash()
			return condition(ctx)
		}(); err != nil || ok {
			return err
		}
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		if ok, err := func() (bool, error) {
			defer handleCrash()
			return condition(ctx)
		}(); err != nil || ok {
			return err
		}
	}
}

// PollUntilContextCancel tries a condition func until it returns true, an
// error, or the context is cancelled.
func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error { // want PollUntilContextCancel:`fence:sync\(3\)`
	return loopConditionUntilContext(ctx, interval, immediate, condition)
}

// PollUntilContextTimeout will terminate polling after timeout duration.
func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error { // want PollUntilContextTimeout:`fence:sync\(4\)`
	deadlineCtx, deadlineCancel := context.WithTimeout(ctx, timeout)
	defer deadlineCancel()
	return loopConditionUntilContext(deadlineCtx, interval, immediate, condition)
}

// Poll tries a condition func until it returns true, an error, or the
// timeout is reached.
//
// Deprecated: use PollUntilContextTimeout.
func Poll(interval, timeout time.Duration, condition ConditionFunc) error { // want Poll:`fence:sync\(2\)`
	return PollWithContext(context.Background(), interval, timeout, condition.WithContext())
}

// PollWithContext tries a condition func until it returns true, an error,
// or the context expires or the timeout is reached.
//
// Deprecated: use PollUntilContextTimeout.
func PollWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error { // want PollWithContext:`fence:sync\(3\)`
	return poll(ctx, false, poller(interval, timeout), condition)
}

// PollImmediate tries a condition func until it returns true, an error, or
// the timeout is reached, checking it before the first wait.
//
// Deprecated: use PollUntilContextTimeout.
func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { // want PollImmediate:`fence:sync\(2\)`
	return poll(context.Background(), true, poller(interval, timeout), condition.WithContext())
}

type waitWithContextFunc func(ctx context.Context) <-chan struct{}

func poll(ctx context.Context, immediate bool, wait waitWithContextFunc, condition ConditionWithContextFunc) error {
	if immediate {
		done, err := runConditionWithCrashProtectionWithContext(ctx, condition)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
	}
	select {
	case <-ctx.Done():
		return ErrWaitTimeout
	default:
		return waitForWithContext(ctx, wait, condition)
	}
}

func poller(interval, timeout time.Duration) waitWithContextFunc {
	return waitWithContextFunc(func(ctx context.Context) <-chan struct{} {
		ch := make(chan struct{})
		go func() {
			defer close(ch)
			t := time.NewTicker(interval)
			defer t.Stop()
			for {
				select {
				case <-t.C:
					ch <- struct{}{}
				case <-ctx.Done():
					return
				}
			}
		}()
		return ch
	})
}

func waitForWithContext(ctx context.Context, wait waitWithContextFunc, fn ConditionWithContextFunc) error {
	waitCtx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := wait(waitCtx)
	for {
		select {
		case _, open := <-c:
			ok, err := runConditionWithCrashProtectionWithContext(ctx, fn)
			if err != nil {
				return err
			}
			if ok {
				return nil
			}
			if !open {
				return ErrWaitTimeout
			}
		case <-ctx.Done():
			return ErrWaitTimeout
		}
	}
}

// Group allows to start a group of goroutines and wait for their completion.
type Group struct{ n int }

// Start starts f in a new goroutine in the group: not before it returns.
func (g *Group) Start(f func()) {
	g.n++
	go func() {
		defer func() { g.n-- }()
		f()
	}()
}

// Until loops until stop channel is closed, running f every period.
func Until(f func(), period time.Duration, stopCh <-chan struct{}) { // want Until:`fence:sync\(0\)`
	for {
		select {
		case <-stopCh:
			return
		default:
		}
		func() {
			defer handleCrash()
			f()
		}()
		select {
		case <-stopCh:
			return
		case <-time.After(period):
		}
	}
}
