package uncheckedfence

import (
	"context"
	"errors"

	gocqlv2 "github.com/apache/cassandra-gocql-driver/v2"
	"github.com/gocql/gocql"
)

var errLost = errors.New("lost")

const lwt = `UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`

// CQLApplied reads, drops or ignores the applied flag of a lightweight
// transaction.
func CQLApplied(ctx context.Context, s *gocql.Session, v2 *gocqlv2.Session, id int64) (bool, error) {
	tok, _ := claim(ctx, id)
	if err := s.Query(lwt, "r", id, tok).Exec(); err != nil { // want `\(\*gocql\.Query\)\.Exec updates jobs with a fencing token, but the applied flag of the lightweight transaction is dropped \(the call returns only an error\): read it with ScanCAS or MapScanCAS`
		return false, err
	}
	if _, err := s.Query(lwt, "r", id, tok).WithContext(ctx).ScanCAS(); err != nil { // want `the applied flag of the lightweight transaction is never checked`
		return false, err
	}
	if err := v2.Query(lwt).Bind("r", id, tok).ExecContext(ctx); err != nil { // want `applied flag of the lightweight transaction is dropped`
		return false, err
	}
	applied, err := s.Query(lwt, "r", id, tok).ScanCAS() // ok: the flag is compared
	if err != nil || !applied {
		return false, errLost
	}
	row := map[string]interface{}{}
	return v2.Query(lwt, "r", id, tok).MapScanCASContext(ctx, row) // ok: the flag is returned
}

// CQLBatch drops or reads a conditional batch's applied flag.
func CQLBatch(ctx context.Context, s *gocql.Session, id int64) error {
	tok, _ := claim(ctx, id)
	b := s.NewBatch(gocql.LoggedBatch)
	b.Query(lwt, "r", id, tok)                     // want `\(\*gocql\.Batch\)\.Query updates jobs with a fencing token, but the batch's applied flag is dropped \(the call that runs it returns only an error\): run it with ExecuteBatchCAS or ExecCAS and read the flag`
	b.Query(`DELETE FROM drafts WHERE id = ?`, id) // want `deletes from drafts with a fencing token, but the batch's applied flag is dropped`
	if err := s.ExecuteBatch(b); err != nil {
		return err
	}
	c := s.NewBatch(gocql.LoggedBatch)
	c.Query(lwt, "r", id, tok) // want `the batch's applied flag is never checked`
	if _, _, err := s.ExecuteBatchCAS(c); err != nil {
		return err
	}
	d := s.NewBatch(gocql.LoggedBatch)
	d.Query(lwt, "r", id, tok) // ok: the batch's flag is read
	applied, _, err := s.MapExecuteBatchCAS(d, map[string]interface{}{})
	if err != nil || !applied {
		return errLost
	}
	return nil
}
