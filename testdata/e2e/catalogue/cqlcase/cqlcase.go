// Package cqlcase writes job results to Cassandra while it holds an etcd
// lock, whose revision is the fencing token, or a redsync lock, which has
// none. A lightweight transaction (UPDATE … IF fence < ?) fences when its
// applied flag is read.
package cqlcase

import (
	"context"
	"errors"

	"example.com/catalogue/cqlcase/results"
	gocqlv2 "github.com/apache/cassandra-gocql-driver/v2"
	"github.com/go-redsync/redsync/v4"
	"github.com/gocql/gocql"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errLost = errors.New("cqlcase: a newer holder wrote first")

// Store writes results under /locks/<id>.
type Store struct {
	cli *clientv3.Client
	cql *gocql.Session
	v2  *gocqlv2.Session
	rs  *redsync.Redsync
}

// lock takes the etcd lock of a job.
func (s *Store) lock(ctx context.Context, id string) (*concurrency.Mutex, error) {
	sess, err := concurrency.NewSession(s.cli)
	if err != nil {
		return nil, err
	}
	m := concurrency.NewMutex(sess, "/locks/"+id)
	if err := m.Lock(ctx); err != nil {
		return nil, err
	}
	return m, nil
}

// Finish records a job's result under its lock.
func (s *Store) Finish(ctx context.Context, id, result string) error {
	m, err := s.lock(ctx, id)
	if err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	fence := m.Header().Revision

	if err := s.cql.Query(`UPDATE jobs SET result = ? WHERE id = ?`, result, id).Exec(); err != nil { // finding: unfenced
		return err
	}

	applied, err := s.cql.Query(`UPDATE jobs SET result = ?, fence = ? WHERE id = ? IF fence < ?`, result, fence, id, fence).ScanCAS() // ok: the server compares the stored fence with the lock's revision and the applied flag is read
	if err != nil {
		return err
	}
	if !applied {
		return errLost
	}

	if err := s.cql.Query(`UPDATE jobs SET state = 'done' WHERE id = ? IF fence < ?`, id, fence).Exec(); err != nil { // finding: uncheckedfence
		return err
	}

	if _, err := s.cql.Query(`UPDATE jobs SET summary = ? WHERE id = ? IF fence < ?`, result, id, fence).ScanCAS(); err != nil { // finding: uncheckedfence
		return err
	}

	if _, err := s.cql.Query(`UPDATE jobs SET summary = ? WHERE id = ? IF fence > ?`, result, id, fence).ScanCAS(); err != nil { // finding: weakguard
		return err
	}

	if _, err := s.cql.Query(`DELETE FROM drafts WHERE id = ? IF EXISTS`, id).ScanCAS(); err != nil { // finding: weakguard
		return err
	}

	if err := s.cql.Query(`INSERT INTO history (id, result) VALUES (?, ?)`, id, result).Exec(); err != nil { // finding: unfenced
		return err
	}
	if err := s.cql.Query(`INSERT INTO events (id, job, result) VALUES (?, ?, ?)`, gocql.TimeUUID(), id, result).Exec(); err != nil { // ok: a row keyed by a new time UUID is appended
		return err
	}
	if err := s.cql.Query(`INSERT INTO events (id, job, result) VALUES (uuid(), ?, ?)`, id, result).Exec(); err != nil { // ok: a row keyed by uuid() is appended
		return err
	}
	if err := s.cql.Query(`INSERT INTO firsts (id, result) VALUES (?, ?) IF NOT EXISTS`, id, result).Exec(); err != nil { // ok: IF NOT EXISTS cannot overwrite a row, like ON CONFLICT DO NOTHING
		return err
	}
	return nil
}

// Chained builds its queries through WithContext, Consistency and Bind,
// which return the same query.
func (s *Store) Chained(ctx context.Context, id, result string) error {
	m, err := s.lock(ctx, id)
	if err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	fence := m.Header().Revision

	q := s.cql.Query(`UPDATE jobs SET result = ? WHERE id = ?`, result, id).WithContext(ctx)
	if err := q.Consistency(gocql.Quorum).Exec(); err != nil { // finding: unfenced
		return err
	}

	applied, err := s.cql.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`).
		Bind(result, id, fence).WithContext(ctx).Consistency(gocql.Quorum).ScanCAS() // ok: bound through Bind, the applied flag is read
	if err != nil {
		return err
	}
	if !applied {
		return errLost
	}

	if err := s.cql.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`, result, id, fence).WithContext(ctx).Exec(); err != nil { // finding: uncheckedfence
		return err
	}
	return nil
}

// Owner checks who holds the row: with the lock's revision it is an owner
// guard, with a worker name only a state check.
func (s *Store) Owner(ctx context.Context, id, worker, result string) (bool, error) {
	m, err := s.lock(ctx, id)
	if err != nil {
		return false, err
	}
	defer m.Unlock(context.Background())
	rev := m.Header().Revision

	if _, err := s.cql.Query(`UPDATE jobs SET result = ? WHERE id = ? IF owner = ?`, result, id, worker).ScanCAS(); err != nil { // finding: weakguard
		return false, err
	}
	return s.cql.Query(`UPDATE jobs SET result = ? WHERE id = ? IF holder_rev = ?`, result, id, rev).MapScanCAS(map[string]interface{}{}) // ok: equality with the lock's revision, the applied flag is returned
}

// Random fences with redsync's lock value, which is random, not ordered.
func (s *Store) Random(ctx context.Context, id, result string) error {
	mu := s.rs.NewMutex("lock:" + id)
	if err := mu.LockContext(ctx); err != nil {
		return err
	}
	defer mu.UnlockContext(ctx)

	applied, err := s.cql.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`, result, id, mu.Value()).ScanCAS() // finding: weakguard
	if err != nil {
		return err
	}
	if !applied {
		return errLost
	}
	return nil
}

// V2 uses the driver under its Apache import path.
func (s *Store) V2(ctx context.Context, id, result string) error {
	m, err := s.lock(ctx, id)
	if err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	fence := m.Header().Revision

	if err := s.v2.Query(`DELETE FROM drafts WHERE id = ?`, id).ExecContext(ctx); err != nil { // finding: unfenced
		return err
	}
	applied, err := s.v2.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`, result, id, fence).ScanCASContext(ctx) // ok: the applied flag is read
	if err != nil {
		return err
	}
	if !applied {
		return errLost
	}
	if err := s.v2.Query(`UPDATE jobs SET state = 'done' WHERE id = ? IF fence < ?`, id, fence).ExecContext(ctx); err != nil { // finding: uncheckedfence
		return err
	}
	row := map[string]interface{}{}
	if ok, err := s.v2.Query(`DELETE FROM drafts WHERE id = ? IF fence < ?`, id, fence).MapScanCASContext(ctx, row); err != nil || !ok { // ok: the applied flag is compared
		return errLost
	}
	return nil
}

// Batches queue statements in a batch: a batch with a condition applies
// all of its statements or none, and its applied flag is the leading
// result of the call that runs it.
func (s *Store) Batches(ctx context.Context, id, result string) error {
	m, err := s.lock(ctx, id)
	if err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	fence := m.Header().Revision

	b := s.cql.NewBatch(gocql.LoggedBatch).WithContext(ctx)
	b.Query(`UPDATE jobs SET result = ?, fence = ? WHERE id = ? IF fence < ?`, result, fence, id, fence) // ok: the batch's applied flag is read below
	b.Query(`UPDATE jobs SET state = 'done' WHERE id = ?`, id)                                           // ok: a conditional batch applies all of its statements or none
	applied, iter, err := s.cql.ExecuteBatchCAS(b)
	if err != nil {
		return err
	}
	defer iter.Close()
	if !applied {
		return errLost
	}

	unchecked := s.cql.NewBatch(gocql.LoggedBatch)
	unchecked.Query(`UPDATE jobs SET summary = ? WHERE id = ? IF fence < ?`, result, id, fence) // finding: uncheckedfence
	if err := s.cql.ExecuteBatch(unchecked); err != nil {
		return err
	}

	plain := s.cql.NewBatch(gocql.UnloggedBatch)
	plain.Query(`UPDATE jobs SET summary = ? WHERE id = ?`, result, id) // finding: unfenced
	if err := s.cql.ExecuteBatch(plain); err != nil {
		return err
	}

	v2 := s.v2.Batch(gocqlv2.LoggedBatch).WithContext(ctx)
	v2.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`, result, id, fence) // ok: ExecCAS's applied flag is compared
	v2.Query(`DELETE FROM drafts WHERE id = ?`, id)                                     // ok: part of the conditional batch
	if ok, _, err := v2.ExecCAS(); err != nil || !ok {
		return errLost
	}

	dropped := s.v2.Batch(gocqlv2.LoggedBatch)
	dropped.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`, result, id, fence) // finding: uncheckedfence
	dropped.Query(`DELETE FROM drafts WHERE id = ?`, id)                                     // finding: uncheckedfence
	return dropped.ExecContext(ctx)
}

// Helpers writes through a package that runs the queries: the token and
// the applied flag cross the call.
func (s *Store) Helpers(ctx context.Context, st *results.Store, id, result string) error {
	m, err := s.lock(ctx, id)
	if err != nil {
		return err
	}
	defer m.Unlock(context.Background())
	fence := m.Header().Revision

	applied, err := st.Save(ctx, id, result, fence) // ok: Save fences with the lock's revision and its applied flag is read
	if err != nil {
		return err
	}
	if !applied {
		return errLost
	}
	if _, err := st.Save(ctx, id, result, fence); err != nil { // finding: uncheckedfence
		return err
	}
	return st.Overwrite(ctx, id, result) // finding: unfenced
}
