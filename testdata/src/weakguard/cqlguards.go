package weakguard

import (
	"context"
	"database/sql"
	"time"

	"github.com/gocql/gocql"
)

// cqlApplied consumes the applied flag of a lightweight transaction.
func cqlApplied(applied bool, err error) {}

// CQLGuards runs Cassandra lightweight transactions whose condition does
// or does not fence.
func CQLGuards(ctx context.Context, db *sql.DB, s *gocql.Session, id int64, worker string) {
	tok, _ := claim(ctx, db, id)
	cqlApplied(s.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence > ?`, "r", id, tok).ScanCAS())                   // want `\(\*gocql\.Query\)\.ScanCAS updates jobs with a guard that does not fence: fence > \? accepts older tokens`
	cqlApplied(s.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`, "r", id, tok).ScanCAS())                   // ok: the right way with the claim's token
	cqlApplied(s.Query(`DELETE FROM jobs WHERE id = ? IF EXISTS`, id).ScanCAS())                                          // want `\(\*gocql\.Query\)\.ScanCAS deletes from jobs with a guard that does not fence: IF EXISTS tests only that the row exists, which it does for a newer claim too`
	cqlApplied(s.Query(`UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`, "r", id, time.Now().UnixNano()).ScanCAS()) // want `the token comes from the clock`
	cqlApplied(s.Query(`UPDATE jobs SET result = ? WHERE id = ? IF owner = ?`, "r", id, worker).ScanCAS())                // want `it checks owner, which a newer claim passes too`
	cqlApplied(s.Query(`UPDATE jobs SET result = ? WHERE id = ? IF holder = ?`, "r", id, tok).ScanCAS())                  // ok: an equality with the claim's token is an owner check
	cqlApplied(s.Query(`INSERT INTO results (id, r) VALUES (?, ?) IF NOT EXISTS`, id, "r").ScanCAS())                     // ok: IF NOT EXISTS cannot overwrite
}
