// Package mvccpb synthesizes the part of go.etcd.io/etcd/api/v3/mvccpb that fencecheck's tests need, with the real signatures.
package mvccpb

// KeyValue is a stored key with its revisions.
type KeyValue struct {
	Key            []byte
	CreateRevision int64
	ModRevision    int64
	Version        int64
	Value          []byte
	Lease          int64
}

func (x *KeyValue) GetCreateRevision() int64 { return 0 }

func (x *KeyValue) GetModRevision() int64 { return 0 }

func (x *KeyValue) GetVersion() int64 { return 0 }
