// Package wrapped reserves deliveries as package moved does, but every
// command goes through the package's own client interface, implemented by
// a wrapper of go-redis (each method one command on the key its caller
// passes, returning the outcome) and by an in-memory fake. A call of a
// wrapper method is read as its command with the caller's key and check.
package wrapped

import (
	"context"
	"errors"
	"sync"

	"github.com/redis/go-redis/v9"
)

// ErrNotFound is returned when the delivery is no longer this consumer's.
var ErrNotFound = errors.New("wrapped: delivery not found")

// Client is the queue's view of Redis.
type Client interface {
	RPopLPush(source, destination string) (string, error)
	LRem(key string, count int64, value string) (int64, error)
	LPush(key, value string) (int64, error)
}

// Wrapper runs each command on go-redis.
type Wrapper struct{ raw redis.Cmdable }

// RPopLPush moves the tail of source to the head of destination.
func (w Wrapper) RPopLPush(source, destination string) (string, error) {
	return w.raw.RPopLPush(context.TODO(), source, destination).Result()
}

// LRem removes count occurrences of value.
func (w Wrapper) LRem(key string, count int64, value string) (int64, error) {
	return w.raw.LRem(context.TODO(), key, count, value).Result()
}

// LPush pushes value onto the list.
func (w Wrapper) LPush(key, value string) (int64, error) {
	return w.raw.LPush(context.TODO(), key, value).Result()
}

// Fake keeps the lists in memory, for tests.
type Fake struct {
	mu    sync.Mutex
	lists map[string][]string
}

func (f *Fake) list(key string) []string { return f.lists[key] }

func (f *Fake) store(key string, l []string) { f.lists[key] = l }

// RPopLPush moves the tail of source to the head of destination.
func (f *Fake) RPopLPush(source, destination string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	src := f.list(source)
	if len(src) == 0 {
		return "", ErrNotFound
	}
	v := src[len(src)-1]
	f.store(source, src[:len(src)-1])
	f.store(destination, append([]string{v}, f.list(destination)...))
	return v, nil
}

// LRem removes up to count occurrences of value.
func (f *Fake) LRem(key string, count int64, value string) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var kept []string
	n := int64(0)
	for _, v := range f.list(key) {
		if v == value && n < count {
			n++
			continue
		}
		kept = append(kept, v)
	}
	f.store(key, kept)
	return n, nil
}

// LPush pushes value onto the list.
func (f *Fake) LPush(key, value string) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.store(key, append([]string{value}, f.list(key)...))
	return int64(len(f.list(key))), nil
}

// Consumer consumes one queue through the client interface.
type Consumer struct {
	c                        Client
	ready, unacked, rejected string
}

// Next moves the next delivery into the consumer's unacked list.
func (c *Consumer) Next() (string, error) {
	return c.c.RPopLPush(c.ready, c.unacked)
}

// Ack removes the delivery from the unacked list and checks that it was
// there.
func (c *Consumer) Ack(payload string) error {
	n, err := c.c.LRem(c.unacked, 1, payload) // ok: a takeover empties the list first, and the count says so
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// Drop removes the delivery without looking at the count.
func (c *Consumer) Drop(payload string) {
	c.c.LRem(c.unacked, 1, payload) // want `writes under a lease without a fencing token`
}

// Reject pushes the delivery onto the rejected list before it checks
// that the delivery is still this consumer's: a late rejection copies a
// delivery another consumer now holds.
func (c *Consumer) Reject(payload string) error {
	if _, err := c.c.LPush(c.rejected, payload); err != nil { // want `writes under a lease without a fencing token`
		return err
	}
	return c.Ack(payload)
}

// Poll reserves the next delivery and rejects it when it cannot be
// parsed: the push of Reject runs under the reservation.
func (c *Consumer) Poll(parse func(string) error) error {
	p, err := c.Next()
	if err != nil {
		return err
	}
	if parse(p) == nil {
		return c.Ack(p)
	}
	return c.Reject(p)
}

// PollSafe removes a delivery it cannot parse from its own list first,
// with the count checked, and pushes it onto the rejected list only when
// it was still there.
func (c *Consumer) PollSafe(parse func(string) error) error {
	p, err := c.Next()
	if err != nil {
		return err
	}
	if parse(p) == nil {
		return c.Ack(p)
	}
	if err := c.Ack(p); err != nil {
		return err
	}
	_, err = c.c.LPush(c.rejected, p) // ok: the reservation ended with the checked removal
	return err
}

// Direct consumes one queue through the wrapper itself, not the
// interface.
type Direct struct {
	w              Wrapper
	ready, unacked string
}

// Next moves the next delivery into the consumer's unacked list.
func (d *Direct) Next() (string, error) {
	return d.w.RPopLPush(d.ready, d.unacked)
}

// Ack removes the delivery and checks the count.
func (d *Direct) Ack(payload string) error {
	n, err := d.w.LRem(d.unacked, 1, payload) // ok: the count says whether the delivery was still here
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// Drop removes the delivery without looking at the count.
func (d *Direct) Drop(payload string) error {
	_, err := d.w.LRem(d.unacked, 1, payload) // want `writes under a lease without a fencing token`
	return err
}
