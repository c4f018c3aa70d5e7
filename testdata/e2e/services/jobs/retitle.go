package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/riverqueue/river"

	"example.com/services/reports"
)

// RetitleArgs are River job arguments.
type RetitleArgs struct {
	ReportID int64             `json:"report_id"`
	Columns  map[string]string `json:"columns"`
}

// Kind names the job kind.
func (RetitleArgs) Kind() string { return "retitle" }

// RetitleWorker rewrites report columns under the job's lease, with
// statements built at run time: silent, and not fenced.
type RetitleWorker struct {
	river.WorkerDefaults[RetitleArgs]
	Reports *reports.Service
	DB      *sql.DB
}

// Work runs the job.
func (w *RetitleWorker) Work(ctx context.Context, job *river.Job[RetitleArgs]) error {
	if err := w.Reports.SetColumns(ctx, job.Args.ReportID, job.Args.Columns); err != nil { // inventory: unjudged
		return err
	}
	_, err := w.DB.ExecContext(ctx, retitleQuery(job.Args.Columns), job.Args.ReportID) // inventory: unjudged
	return err
}

// retitleQuery builds the statement from the job's arguments.
func retitleQuery(cols map[string]string) string {
	var b strings.Builder
	b.WriteString("UPDATE reports SET ")
	first := true
	for c, v := range cols {
		if !first {
			b.WriteString(", ")
		}
		first = false
		fmt.Fprintf(&b, "%s = %q", c, v)
	}
	b.WriteString(" WHERE id = $1")
	return b.String()
}
