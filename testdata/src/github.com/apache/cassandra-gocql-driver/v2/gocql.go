// Package gocql synthesizes the part of github.com/apache/cassandra-gocql-driver/v2 that fencecheck's tests need, with the real signatures.
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

func (q *Query) ExecContext(ctx context.Context) error { return nil }

func (q *Query) ScanCASContext(ctx context.Context, dest ...interface{}) (applied bool, err error) {
	return false, nil
}

func (q *Query) MapScanCASContext(ctx context.Context, dest map[string]interface{}) (applied bool, err error) {
	return false, nil
}

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

func (s *Session) Batch(typ BatchType) *Batch { return &Batch{Type: typ} }

func (b *Batch) Query(stmt string, args ...interface{}) *Batch { return b }

func (b *Batch) WithContext(ctx context.Context) *Batch { return b }

func (b *Batch) Exec() error { return nil }

func (b *Batch) ExecContext(ctx context.Context) error { return nil }

func (b *Batch) ExecCAS(dest ...interface{}) (applied bool, iter *Iter, err error) {
	return false, nil, nil
}

func (b *Batch) ExecCASContext(ctx context.Context, dest ...interface{}) (applied bool, iter *Iter, err error) {
	return false, nil, nil
}

type Iter struct{}

func (iter *Iter) Close() error { return nil }

// UUID is a Cassandra uuid or timeuuid value.
type UUID [16]byte

// TimeUUID returns a new version 1 (time-based) UUID.
func TimeUUID() UUID { return UUID{} }
