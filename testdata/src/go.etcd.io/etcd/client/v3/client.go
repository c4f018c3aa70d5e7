// Package clientv3 synthesizes the part of go.etcd.io/etcd/client/v3 that fencecheck's tests need, with the real signatures.
package clientv3

import (
	"context"
	"time"

	pb "go.etcd.io/etcd/api/v3/etcdserverpb"
)

// Client embeds the KV and Lease interfaces, like the real one (which also
// embeds Cluster, Watcher, Auth and Maintenance).
type Client struct {
	KV
	Lease
}

type Config struct {
	Endpoints   []string
	DialTimeout time.Duration
}

func New(cfg Config) (*Client, error) { return nil, nil }

func (c *Client) Close() error { return nil }

func (c *Client) Ctx() context.Context { return nil }

type KV interface {
	Put(ctx context.Context, key, val string, opts ...OpOption) (*PutResponse, error)
	Get(ctx context.Context, key string, opts ...OpOption) (*GetResponse, error)
	Delete(ctx context.Context, key string, opts ...OpOption) (*DeleteResponse, error)
	Do(ctx context.Context, op Op) (OpResponse, error)
	Txn(ctx context.Context) Txn
}

type (
	PutResponse    pb.PutResponse
	GetResponse    pb.RangeResponse
	DeleteResponse pb.DeleteRangeResponse
	TxnResponse    pb.TxnResponse
)

type OpResponse struct{}

func (op OpResponse) Put() *PutResponse { return nil }

func (op OpResponse) Get() *GetResponse { return nil }

func (op OpResponse) Del() *DeleteResponse { return nil }

func (op OpResponse) Txn() *TxnResponse { return nil }

type Txn interface {
	If(cs ...Cmp) Txn
	Then(ops ...Op) Txn
	Else(ops ...Op) Txn
	Commit() (*TxnResponse, error)
}

type Op struct{}

type OpOption func(*Op)

func OpGet(key string, opts ...OpOption) Op { return Op{} }

func OpDelete(key string, opts ...OpOption) Op { return Op{} }

func OpPut(key, val string, opts ...OpOption) Op { return Op{} }

func OpTxn(cmps []Cmp, thenOps []Op, elseOps []Op) Op { return Op{} }

func WithLease(leaseID LeaseID) OpOption { return nil }

func WithPrefix() OpOption { return nil }

type Cmp struct{}

func Compare(cmp Cmp, result string, v any) Cmp { return Cmp{} }

func Value(key string) Cmp { return Cmp{} }

func Version(key string) Cmp { return Cmp{} }

func CreateRevision(key string) Cmp { return Cmp{} }

func ModRevision(key string) Cmp { return Cmp{} }

func LeaseValue(key string) Cmp { return Cmp{} }
