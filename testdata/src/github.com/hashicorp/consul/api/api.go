// Package api synthesizes the part of github.com/hashicorp/consul/api that fencecheck's tests need, with the real signatures.
package api

import (
	"errors"
	"time"
)

type Config struct {
	Address    string
	Scheme     string
	Datacenter string
	Token      string
}

func DefaultConfig() *Config { return nil }

type Client struct{}

func NewClient(config *Config) (*Client, error) { return nil, nil }

func (c *Client) KV() *KV { return nil }

func (c *Client) Session() *Session { return nil }

func (c *Client) Txn() *Txn { return nil }

func (c *Client) LockKey(key string) (*Lock, error) { return nil, nil }

func (c *Client) LockOpts(opts *LockOptions) (*Lock, error) { return nil, nil }

type QueryOptions struct {
	Datacenter        string
	RequireConsistent bool
	WaitIndex         uint64
}

type WriteOptions struct {
	Datacenter string
	Token      string
}

type QueryMeta struct {
	LastIndex uint64
}

type WriteMeta struct {
	RequestTime time.Duration
}

type KVPair struct {
	Key         string
	CreateIndex uint64
	ModifyIndex uint64
	LockIndex   uint64
	Flags       uint64
	Value       []byte
	Session     string
}

type KVPairs []*KVPair

type KV struct{}

func (k *KV) Get(key string, q *QueryOptions) (*KVPair, *QueryMeta, error) { return nil, nil, nil }

func (k *KV) List(prefix string, q *QueryOptions) (KVPairs, *QueryMeta, error) {
	return nil, nil, nil
}

func (k *KV) Put(p *KVPair, q *WriteOptions) (*WriteMeta, error) { return nil, nil }

func (k *KV) CAS(p *KVPair, q *WriteOptions) (bool, *WriteMeta, error) { return false, nil, nil }

func (k *KV) Acquire(p *KVPair, q *WriteOptions) (bool, *WriteMeta, error) { return false, nil, nil }

func (k *KV) Release(p *KVPair, q *WriteOptions) (bool, *WriteMeta, error) { return false, nil, nil }

func (k *KV) Delete(key string, w *WriteOptions) (*WriteMeta, error) { return nil, nil }

func (k *KV) DeleteCAS(p *KVPair, q *WriteOptions) (bool, *WriteMeta, error) {
	return false, nil, nil
}

func (k *KV) DeleteTree(prefix string, w *WriteOptions) (*WriteMeta, error) { return nil, nil }

func (k *KV) Txn(txn KVTxnOps, q *QueryOptions) (bool, *KVTxnResponse, *QueryMeta, error) {
	return false, nil, nil, nil
}

type KVOp string

const (
	KVSet            KVOp = "set"
	KVDelete         KVOp = "delete"
	KVDeleteCAS      KVOp = "delete-cas"
	KVDeleteTree     KVOp = "delete-tree"
	KVCAS            KVOp = "cas"
	KVLock           KVOp = "lock"
	KVUnlock         KVOp = "unlock"
	KVGet            KVOp = "get"
	KVGetOrEmpty     KVOp = "get-or-empty"
	KVGetTree        KVOp = "get-tree"
	KVCheckSession   KVOp = "check-session"
	KVCheckIndex     KVOp = "check-index"
	KVCheckNotExists KVOp = "check-not-exists"
)

type KVTxnOp struct {
	Verb    KVOp
	Key     string
	Value   []byte
	Flags   uint64
	Index   uint64
	Session string
}

type KVTxnOps []*KVTxnOp

type KVTxnResponse struct {
	Results []*KVPair
	Errors  TxnErrors
}

type TxnOp struct {
	KV *KVTxnOp
}

type TxnOps []*TxnOp

type TxnResult struct {
	KV *KVPair
}

type TxnResults []*TxnResult

type TxnError struct {
	OpIndex int
	What    string
}

type TxnErrors []*TxnError

type TxnResponse struct {
	Results TxnResults
	Errors  TxnErrors
}

type Txn struct{}

func (t *Txn) Txn(txn TxnOps, q *QueryOptions) (bool, *TxnResponse, *QueryMeta, error) {
	return false, nil, nil, nil
}

type SessionEntry struct {
	CreateIndex uint64
	ID          string
	Name        string
	Node        string
	LockDelay   time.Duration
	Behavior    string
	TTL         string
}

const (
	SessionBehaviorRelease = "release"
	SessionBehaviorDelete  = "delete"
)

var ErrSessionExpired = errors.New("session expired")

type Session struct{}

func (s *Session) Create(se *SessionEntry, q *WriteOptions) (string, *WriteMeta, error) {
	return "", nil, nil
}

func (s *Session) CreateNoChecks(se *SessionEntry, q *WriteOptions) (string, *WriteMeta, error) {
	return "", nil, nil
}

func (s *Session) Destroy(id string, q *WriteOptions) (*WriteMeta, error) { return nil, nil }

func (s *Session) Renew(id string, q *WriteOptions) (*SessionEntry, *WriteMeta, error) {
	return nil, nil, nil
}

func (s *Session) RenewPeriodic(initialTTL string, id string, q *WriteOptions, doneCh <-chan struct{}) error {
	return nil
}

func (s *Session) Info(id string, q *QueryOptions) (*SessionEntry, *QueryMeta, error) {
	return nil, nil, nil
}

type LockOptions struct {
	Key              string
	Value            []byte
	Session          string
	SessionOpts      *SessionEntry
	SessionName      string
	SessionTTL       string
	MonitorRetries   int
	MonitorRetryTime time.Duration
	LockWaitTime     time.Duration
	LockTryOnce      bool
	LockDelay        time.Duration
}

var ErrLockHeld = errors.New("Lock already held")

type Lock struct{}

func (l *Lock) Lock(stopCh <-chan struct{}) (<-chan struct{}, error) { return nil, nil }

func (l *Lock) Unlock() error { return nil }

func (l *Lock) Destroy() error { return nil }
