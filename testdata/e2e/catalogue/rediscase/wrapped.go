package rediscase

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"

	"example.com/catalogue/rediscase/listclient"
)

// ListClient is a queue's own view of Redis, so that tests can run it on
// a fake.
type ListClient interface {
	RPopLPush(source, destination string) (string, error)
	LRem(key string, count int64, value string) (int64, error)
	LPush(key, value string) (int64, error)
}

// GoRedisLists runs each command on go-redis.
type GoRedisLists struct{ Raw redis.Cmdable }

// RPopLPush moves the tail of source to the head of destination.
func (g GoRedisLists) RPopLPush(source, destination string) (string, error) {
	return g.Raw.RPopLPush(context.TODO(), source, destination).Result()
}

// LRem removes count occurrences of value.
func (g GoRedisLists) LRem(key string, count int64, value string) (int64, error) {
	return g.Raw.LRem(context.TODO(), key, count, value).Result()
}

// LPush pushes value onto the list.
func (g GoRedisLists) LPush(key, value string) (int64, error) {
	return g.Raw.LPush(context.TODO(), key, value).Result()
}

// errNotReserved is returned when a delivery is no longer this
// consumer's.
var errNotReserved = errors.New("rediscase: delivery not reserved")

// Mailbox reserves deliveries into its own unacked list through the
// client interface; a cleaner returns a dead consumer's list.
type Mailbox struct {
	Lists                    ListClient
	Ready, Unacked, Rejected string
}

// Take reserves the next delivery.
func (m *Mailbox) Take() (string, error) {
	return m.Lists.RPopLPush(m.Ready, m.Unacked)
}

// Ack removes the delivery with the count checked.
func (m *Mailbox) Ack(payload string) error {
	n, err := m.Lists.LRem(m.Unacked, 1, payload) // ok: a takeover empties the list first, and the count says so
	if err != nil {
		return err
	}
	if n == 0 {
		return errNotReserved
	}
	return nil
}

// Handle takes a delivery and rejects it when process fails: the push to
// the rejected list comes before the checked removal.
func (m *Mailbox) Handle(process func(string) error) error {
	p, err := m.Take()
	if err != nil {
		return err
	}
	if process(p) == nil {
		return m.Ack(p)
	}
	if _, err := m.Lists.LPush(m.Rejected, p); err != nil { // finding: unfenced
		return err
	}
	return m.Ack(p)
}

// RemoteMailbox reserves deliveries through the wrapper of package
// listclient: its facts say which command each method runs.
type RemoteMailbox struct {
	Lists                    listclient.Lists
	Ready, Unacked, Rejected string
}

// Take reserves the next delivery.
func (m *RemoteMailbox) Take() (string, error) {
	return m.Lists.RPopLPush(m.Ready, m.Unacked)
}

// Ack removes the delivery with the count checked.
func (m *RemoteMailbox) Ack(payload string) error {
	n, err := m.Lists.LRem(m.Unacked, 1, payload) // ok: the count says whether the delivery was still here
	if err != nil {
		return err
	}
	if n == 0 {
		return errNotReserved
	}
	return nil
}

// Drop removes the delivery and looks at the error only.
func (m *RemoteMailbox) Drop(payload string) error {
	_, err := m.Lists.LRem(m.Unacked, 1, payload) // finding: unfenced
	return err
}
