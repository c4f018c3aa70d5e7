// Package etcdserverpb synthesizes the part of go.etcd.io/etcd/api/v3/etcdserverpb that fencecheck's tests need, with the real signatures.
package etcdserverpb

import "go.etcd.io/etcd/api/v3/mvccpb"

// ResponseHeader is the header of every etcd response.
type ResponseHeader struct {
	ClusterId uint64
	MemberId  uint64
	Revision  int64
	RaftTerm  uint64
}

func (x *ResponseHeader) GetRevision() int64 { return 0 }

type PutResponse struct {
	Header *ResponseHeader
	PrevKv *mvccpb.KeyValue
}

type RangeResponse struct {
	Header *ResponseHeader
	Kvs    []*mvccpb.KeyValue
	More   bool
	Count  int64
}

type DeleteRangeResponse struct {
	Header  *ResponseHeader
	Deleted int64
	PrevKvs []*mvccpb.KeyValue
}

type TxnResponse struct {
	Header    *ResponseHeader
	Succeeded bool
	Responses []*ResponseOp
}

type ResponseOp struct{}

type LeaseRevokeResponse struct {
	Header *ResponseHeader
}
