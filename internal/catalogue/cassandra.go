package catalogue

// Import paths of the Cassandra drivers the catalogue models: gocql and
// its successor under the Apache project, which keeps gocql's API.
const (
	gocql   = "github.com/gocql/gocql"
	gocqlV2 = "github.com/apache/cassandra-gocql-driver/v2"
)

// cassandraEntries returns the Cassandra part of the table. Session.Query
// carries the CQL text and its bound values; the query's builder methods
// (WithContext, Consistency, Bind, …) return the same query, and the
// model follows any method that returns its receiver's type, so they need
// no entries. Exec runs the text and returns only an error: for a
// lightweight transaction (UPDATE … IF fence < ?) that drops the applied
// flag, which ScanCAS and MapScanCAS return first. Batch.Query queues a
// statement; the batch's execution (ExecuteBatch, ExecuteBatchCAS, and in
// v2 Batch.Exec and ExecCAS) carries the applied flag of its conditions.
func cassandraEntries() []Entry {
	var t []Entry
	for _, lib := range []string{gocql, gocqlV2} {
		t = append(t, Entry{Name: "(*" + lib + ".Session).Query", Class: SQLPrepare, Text: 0, Args: 1, Library: lib, Arg: -1})
		q := "(*" + lib + ".Query)."
		for _, m := range []string{"Exec", "ScanCAS", "MapScanCAS"} {
			t = append(t, Entry{Name: q + m, Class: CQLExec, Text: -1, Args: -1, Library: lib, Arg: -1})
		}
		if lib == gocqlV2 { // v2 adds context variants
			for _, m := range []string{"ExecContext", "ScanCASContext", "MapScanCASContext"} {
				t = append(t, Entry{Name: q + m, Class: CQLExec, Text: -1, Args: -1, Library: lib, Arg: -1})
			}
		}
		b, s := "(*"+lib+".Batch).", "(*"+lib+".Session)."
		t = append(t, Entry{Name: b + "Query", Class: CQLBatchQuery, Text: 0, Args: 1, Library: lib, Arg: -1})
		for _, m := range []string{"ExecuteBatch", "ExecuteBatchCAS", "MapExecuteBatchCAS"} {
			t = append(t, Entry{Name: s + m, Class: CQLBatchExec, Text: -1, Args: -1, Library: lib, Arg: 0})
		}
		if lib == gocqlV2 { // v2 runs a batch through its own methods
			for _, m := range []string{"Exec", "ExecContext", "ExecCAS", "ExecCASContext", "MapExecCAS", "MapExecCASContext"} {
				t = append(t, Entry{Name: b + m, Class: CQLBatchExec, Text: -1, Args: -1, Library: lib, Arg: -1})
			}
		}
	}
	return t
}
