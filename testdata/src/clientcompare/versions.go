package clientcompare

import (
	"context"
	"database/sql"
)

// Record is a row of the store with its version.
type Record struct {
	ID          int64
	Version     int64
	ModRevision int64
	VersionID   int64
	Body        string
}

// Repo reads records.
type Repo interface {
	Get(ctx context.Context, id int64) (*Record, error)
}

// loadDefaults returns built-in settings: it reads no store.
func loadDefaults() Record { return Record{Version: 1} }

// VersionField reads the record after the claim and compares its version
// with the claim's token in Go.
func VersionField(ctx context.Context, db *sql.DB, repo Repo, id int64) error {
	tok, err := claim(ctx, id)
	if err != nil {
		return err
	}
	rec, err := repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if rec.Version > tok {
		return nil
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs after comparing the fencing token in Go`
	return nil
}

// RevisionByValue compares a revision field of a record held by value.
func RevisionByValue(ctx context.Context, db *sql.DB, get func(context.Context, int64) (Record, error), id int64) {
	tok, _ := claim(ctx, id)
	rec, _ := get(ctx, id)
	if rec.ModRevision <= tok {
		db.ExecContext(ctx, `DELETE FROM results WHERE job_id = $1`, id) // want `deletes from results after comparing the fencing token in Go`
	}
}

// VersionConstant tests whether the record was ever written: no token is
// compared.
func VersionConstant(ctx context.Context, db *sql.DB, repo Repo, id int64) {
	claim(ctx, id)
	rec, _ := repo.Get(ctx, id)
	if rec.Version == 0 {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: a constant is not a token; reported by unfenced
	}
}

// VersionIdentifier compares an identifier, not a version.
func VersionIdentifier(ctx context.Context, db *sql.DB, repo Repo, id int64) {
	tok, _ := claim(ctx, id)
	rec, _ := repo.Get(ctx, id)
	if rec.VersionID != tok {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: VersionID is an identifier; reported by unfenced
	}
}

// DefaultsVersion compares a version that no store read returned.
func DefaultsVersion(ctx context.Context, db *sql.DB, id int64) {
	tok, _ := claim(ctx, id)
	d := loadDefaults()
	if d.Version < tok {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: not read from the store; reported by unfenced
	}
}

// ReadBeforeClaim compares a version read before the lease was taken.
func ReadBeforeClaim(ctx context.Context, db *sql.DB, repo Repo, id int64) {
	rec, _ := repo.Get(ctx, id)
	tok, _ := claim(ctx, id)
	if rec.Version < tok {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: read before the claim; reported by unfenced
	}
}
