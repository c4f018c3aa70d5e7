// Package concurrency synthesizes the part of go.etcd.io/etcd/client/v3/concurrency that fencecheck's tests need, with the real signatures.
package concurrency

import (
	"context"
	"errors"
	"sync"

	pb "go.etcd.io/etcd/api/v3/etcdserverpb"
	v3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
)

var (
	ErrLocked            = errors.New("mutex: Locked by another session")
	ErrSessionExpired    = errors.New("mutex: session is expired")
	ErrElectionNotLeader = errors.New("election: not leader")
)

type Session struct{}

type sessionOptions struct{}

type SessionOption func(*sessionOptions, *zap.Logger)

func WithTTL(ttl int) SessionOption { return nil }

func WithLease(leaseID v3.LeaseID) SessionOption { return nil }

func WithContext(ctx context.Context) SessionOption { return nil }

func NewSession(client *v3.Client, opts ...SessionOption) (*Session, error) { return nil, nil }

func (s *Session) Client() *v3.Client { return nil }

func (s *Session) Lease() v3.LeaseID { return 0 }

func (s *Session) Ctx() context.Context { return nil }

func (s *Session) Done() <-chan struct{} { return nil }

func (s *Session) Orphan() {}

func (s *Session) Close() error { return nil }

type Mutex struct{}

func NewMutex(s *Session, pfx string) *Mutex { return nil }

func (m *Mutex) TryLock(ctx context.Context) error { return nil }

func (m *Mutex) Lock(ctx context.Context) error { return nil }

func (m *Mutex) Unlock(ctx context.Context) error { return nil }

func (m *Mutex) IsOwner() v3.Cmp { return v3.Cmp{} }

func (m *Mutex) Key() string { return "" }

func (m *Mutex) Header() *pb.ResponseHeader { return nil }

func NewLocker(s *Session, pfx string) sync.Locker { return nil }

type Election struct{}

func NewElection(s *Session, pfx string) *Election { return nil }

func ResumeElection(s *Session, pfx string, leaderKey string, leaderRev int64) *Election {
	return nil
}

func (e *Election) Campaign(ctx context.Context, val string) error { return nil }

func (e *Election) Proclaim(ctx context.Context, val string) error { return nil }

func (e *Election) Resign(ctx context.Context) (err error) { return nil }

func (e *Election) Leader(ctx context.Context) (*v3.GetResponse, error) { return nil, nil }

func (e *Election) Observe(ctx context.Context) <-chan *v3.GetResponse { return nil }

func (e *Election) Key() string { return "" }

func (e *Election) Rev() int64 { return 0 }

func (e *Election) Header() *pb.ResponseHeader { return nil }

type STM interface {
	Get(key ...string) string
	Put(key, val string, opts ...v3.OpOption)
	Rev(key string) int64
	Del(key string)
}

type stmOptions struct{}

type STMOption func(*stmOptions)

func NewSTM(c *v3.Client, apply func(STM) error, so ...STMOption) (*v3.TxnResponse, error) {
	return nil, nil
}
