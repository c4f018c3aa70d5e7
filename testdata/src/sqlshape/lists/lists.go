// Package lists keys statements by lists of placeholders built at run
// time: the statements read as keyed by parameters, so a two-step claim
// that updates the rows it selected by such a list is recognised, and so
// are the writes that follow it. A list filled with the caller's text is
// not a list of placeholders: the claim stays unknown.
package lists

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"sqlshape/lists/listsql"
)

const selectFree = `SELECT id FROM tasks WHERE claimed_at IS NULL OR claimed_at < ? LIMIT 10`

// scanIDs reads the ids of rows.
func scanIDs(rows *sql.Rows) []any {
	defer rows.Close()
	var ids []any
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return ids
}

// Repeated claims the tasks by a list cut from strings.Repeat.
func Repeated(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, selectFree, time.Now().Add(-5*time.Minute))
	if err != nil {
		return err
	}
	ids := scanIDs(rows)
	n := len(ids)
	claim := fmt.Sprintf("UPDATE tasks SET claimed_at = ? WHERE id IN (%s)", strings.Repeat("?,", n)[:2*n-1])
	if _, err := db.ExecContext(ctx, claim, append([]any{time.Now()}, ids...)...); err != nil { // ok: the claim itself
		return err
	}
	list := strings.TrimSuffix(strings.Repeat("?,", n), ",")
	db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET result = 'x' WHERE id IN (%s)", list), ids...) // want `\(\*sql\.DB\)\.ExecContext updates tasks under a lease without a fencing token`
	return nil
}

// Numbered claims the tasks by a list of $N placeholders built in a loop.
func Numbered(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, selectFree, time.Now().Add(-5*time.Minute))
	if err != nil {
		return err
	}
	ids := scanIDs(rows)
	ps := make([]string, 0, len(ids))
	for i := range ids {
		ps = append(ps, "$"+strconv.Itoa(i+2))
	}
	claim := "UPDATE tasks SET claimed_at = $1 WHERE id IN (" + strings.Join(ps, ", ") + ")"
	if _, err := db.ExecContext(ctx, claim, append([]any{time.Now()}, ids...)...); err != nil { // ok: the claim itself
		return err
	}
	marks := make([]string, len(ids))
	for i := range marks {
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	db.ExecContext(ctx, "DELETE FROM tasks WHERE id IN ("+strings.Join(marks, ",")+")", ids...) // want `\(\*sql\.DB\)\.ExecContext deletes from tasks under a lease without a fencing token`
	return nil
}

// Expanded claims the tasks with sqlx.In, which expands the slice.
func Expanded(ctx context.Context, db *sqlx.DB, ids []int64) error {
	rows, err := db.QueryContext(ctx, selectFree, time.Now().Add(-5*time.Minute))
	if err != nil {
		return err
	}
	rows.Close()
	claim, args, err := sqlx.In("UPDATE tasks SET claimed_at = ? WHERE id IN (?)", time.Now(), ids)
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, db.Rebind(claim), args...); err != nil { // ok: the claim itself
		return err
	}
	done, args, err := sqlx.In("UPDATE tasks SET state = 'done' WHERE id IN (?)", ids)
	if err != nil {
		return err
	}
	db.ExecContext(ctx, db.Rebind(done), args...) // want `\(\*sql\.DB\)\.ExecContext updates tasks under a lease without a fencing token`
	return nil
}

// Owned writes after the claim with an owner check after the list: the
// check's placeholder binds an argument whose position depends on the
// list's length, so it is not read as the constant before it.
func Owned(ctx context.Context, db *sql.DB, at time.Time) error {
	rows, err := db.QueryContext(ctx, selectFree, time.Now().Add(-5*time.Minute))
	if err != nil {
		return err
	}
	ids := scanIDs(rows)
	list := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	if _, err := db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET claimed_at = ? WHERE id IN (%s)", list), append([]any{at}, ids...)...); err != nil { // ok: the claim itself
		return err
	}
	r, err := db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET result = 'x' WHERE id IN (%s) AND claimed_at = ?", list), append(ids, at)...) // ok: guarded by the owner check
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return errors.New("lost the claim")
	}
	return nil
}

// Helpers claims with the statement and the list package listsql builds.
func Helpers(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, selectFree, time.Now().Add(-5*time.Minute))
	if err != nil {
		return err
	}
	ids := scanIDs(rows)
	if _, err := db.ExecContext(ctx, listsql.ClaimTasks(len(ids)), append([]any{time.Now()}, ids...)...); err != nil { // ok: the claim itself
		return err
	}
	db.ExecContext(ctx, "DELETE FROM tasks WHERE id IN ("+listsql.Placeholders(len(ids))+")", ids...) // want `\(\*sql\.DB\)\.ExecContext deletes from tasks under a lease without a fencing token`
	return nil
}

// Filled claims by a list the caller gives as text: it may hold anything,
// so the statement is not known to be keyed by parameters and no claim is
// recognised.
func Filled(ctx context.Context, db *sql.DB, idList string) error {
	rows, err := db.QueryContext(ctx, selectFree, time.Now().Add(-5*time.Minute))
	if err != nil {
		return err
	}
	rows.Close()
	db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET claimed_at = ? WHERE id IN (%s)", idList), time.Now()) // ok: no claim is recognised
	db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET result = 'x' WHERE id IN (%s)", idList))               // ok: no lease is held
	return nil
}

// Joined claims by a list another package joins from the caller's parts.
func Joined(ctx context.Context, db *sql.DB, parts []string) error {
	rows, err := db.QueryContext(ctx, selectFree, time.Now().Add(-5*time.Minute))
	if err != nil {
		return err
	}
	rows.Close()
	db.ExecContext(ctx, "UPDATE tasks SET claimed_at = ? WHERE id IN ("+listsql.Joined(parts)+")", time.Now()) // ok: no claim is recognised
	db.ExecContext(ctx, "DELETE FROM tasks WHERE id IN ("+listsql.Joined(parts)+")")                           // ok: no lease is held
	return nil
}
