// Package gocql synthesizes the part of github.com/gocql/gocql that fencecheck's tests need, with the real signatures.
package gocql

import "context"

type Consistency uint16

const (
	Any    Consistency = 0x00
	One    Consistency = 0x01
	Quorum Consistency = 0x04
)

type ClusterConfig struct {
	Keyspace    string
	Consistency Consistency
}

func NewCluster(hosts ...string) *ClusterConfig { return &ClusterConfig{} }

func (cfg *ClusterConfig) CreateSession() (*Session, error) { return &Session{}, nil }

type Session struct{}

func (s *Session) Query(stmt string, values ...interface{}) *Query { return &Query{} }

func (s *Session) Close() {}

type Query struct{}

func (q *Query) WithContext(ctx context.Context) *Query { return q }

func (q *Query) Consistency(c Consistency) *Query { return q }

func (q *Query) Bind(v ...interface{}) *Query { return q }

func (q *Query) Idempotent(value bool) *Query { return q }

func (q *Query) Exec() error { return nil }

func (q *Query) Scan(dest ...interface{}) error { return nil }

func (q *Query) ScanCAS(dest ...interface{}) (applied bool, err error) { return false, nil }

func (q *Query) MapScanCAS(dest map[string]interface{}) (applied bool, err error) { return false, nil }

type BatchType byte

const (
	LoggedBatch   BatchType = 0
	UnloggedBatch BatchType = 1
)

type BatchEntry struct {
	Stmt       string
	Args       []interface{}
	Idempotent bool
}

type Batch struct {
	Type    BatchType
	Entries []BatchEntry
	Cons    Consistency
}

func (s *Session) NewBatch(typ BatchType) *Batch { return &Batch{Type: typ} }

func (b *Batch) Query(stmt string, args ...interface{}) {}

func (b *Batch) WithContext(ctx context.Context) *Batch { return b }

func (s *Session) ExecuteBatch(batch *Batch) error { return nil }

func (s *Session) ExecuteBatchCAS(batch *Batch, dest ...interface{}) (applied bool, iter *Iter, err error) {
	return false, nil, nil
}

func (s *Session) MapExecuteBatchCAS(batch *Batch, dest map[string]interface{}) (applied bool, iter *Iter, err error) {
	return false, nil, nil
}

type Iter struct{}

func (iter *Iter) Close() error { return nil }

// UUID is a Cassandra uuid or timeuuid value.
type UUID [16]byte

// TimeUUID returns a new version 1 (time-based) UUID.
func TimeUUID() UUID { return UUID{} }
