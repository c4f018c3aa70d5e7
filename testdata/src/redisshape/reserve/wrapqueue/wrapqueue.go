// Package wrapqueue reserves deliveries into its consumer's own list
// through the go-redis wrapper of another package, called directly and
// through an interface of its own.
package wrapqueue

import (
	"errors"

	"redisshape/reserve/wrapclient"
)

// ErrGone is returned when a delivery is no longer this consumer's.
var ErrGone = errors.New("wrapqueue: delivery gone")

// Lists is what the queue needs of Redis.
type Lists interface {
	RPopLPush(source, destination string) (string, error)
	LRem(key string, count int64, value string) (int64, error)
	LPush(key, value string) (int64, error)
}

// Queue works through the interface.
type Queue struct {
	lists                    Lists
	ready, unacked, rejected string
}

// New returns a queue on the wrapper.
func New(l wrapclient.Lists) *Queue {
	return &Queue{lists: l, ready: "ready", unacked: "unacked", rejected: "rejected"}
}

// Next reserves the next delivery.
func (q *Queue) Next() (string, error) {
	return q.lists.RPopLPush(q.ready, q.unacked)
}

// Ack removes the delivery with the count checked.
func (q *Queue) Ack(payload string) error {
	n, err := q.lists.LRem(q.unacked, 1, payload) // ok: a takeover empties the list first, and the count says so
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrGone
	}
	return nil
}

// Drop removes the delivery without looking at the count.
func (q *Queue) Drop(payload string) {
	q.lists.LRem(q.unacked, 1, payload) // want `writes under a lease without a fencing token`
}

// Poll reserves a delivery and rejects it when parse fails, pushing it
// before the checked removal.
func (q *Queue) Poll(parse func(string) error) error {
	p, err := q.Next()
	if err != nil {
		return err
	}
	if parse(p) == nil {
		return q.Ack(p)
	}
	if _, err := q.lists.LPush(q.rejected, p); err != nil { // want `writes under a lease without a fencing token`
		return err
	}
	return q.Ack(p)
}

// Direct works on the wrapper itself.
type Direct struct {
	lists          wrapclient.Lists
	ready, unacked string
}

// Next reserves the next delivery.
func (d *Direct) Next() (string, error) {
	return d.lists.RPopLPush(d.ready, d.unacked)
}

// Ack removes the delivery with the count checked.
func (d *Direct) Ack(payload string) error {
	n, err := d.lists.LRem(d.unacked, 1, payload) // ok: the count says whether it was still here
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrGone
	}
	return nil
}

// Drop removes the delivery and looks at the error only.
func (d *Direct) Drop(payload string) error {
	_, err := d.lists.LRem(d.unacked, 1, payload) // want `writes under a lease without a fencing token`
	return err
}
