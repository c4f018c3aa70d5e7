// Package query builds the SQL text other packages run.
package query

import (
	"database/sql"
	"strings"
)

// ClaimTasks returns the statement that claims n tasks.
func ClaimTasks(n int) string { // want ClaimTasks:`fence:sql`
	return `UPDATE tasks SET locked_by = ?, lease_until = NOW() + INTERVAL 1 MINUTE
		WHERE id IN (` + strings.Repeat("?,", n-1) + `?) AND lease_until < NOW() RETURNING id`
}

// CompleteTask returns the statement that completes a task.
func CompleteTask() string { // want CompleteTask:`fence:sql`
	return `UPDATE tasks SET state = 'done' WHERE id = ?`
}

// CompleteTaskFenced returns the statement that completes a task if the
// token is current.
func CompleteTaskFenced() string { // want CompleteTaskFenced:`fence:sql`
	return `UPDATE tasks SET state = 'done' WHERE id = ? AND fence_token <= ?`
}

// Name is not SQL.
func Name() string { return "tasks" }

// Keep uses database/sql so the package is analysed.
var Keep *sql.DB
