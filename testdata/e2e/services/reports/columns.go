package reports

import (
	"context"
	"sort"
	"strconv"
	"strings"
)

// SetColumns sets the report's columns that cols names, in a statement
// built at run time: fencecheck cannot read it and does not judge it.
func (s *Service) SetColumns(ctx context.Context, id int64, cols map[string]string) error {
	names := make([]string, 0, len(cols))
	for c := range cols {
		names = append(names, c)
	}
	sort.Strings(names)
	var q strings.Builder
	q.WriteString("UPDATE reports SET ")
	args := []any{id}
	for i, c := range names {
		if i > 0 {
			q.WriteString(", ")
		}
		args = append(args, cols[c])
		q.WriteString(c + " = $" + strconv.Itoa(len(args)))
	}
	q.WriteString(" WHERE id = $1")
	_, err := s.DB.ExecContext(ctx, q.String(), args...)
	return err
}
