package catalogue

// Import paths of the SQL libraries the catalogue models.
const (
	databaseSQL = "database/sql"
	pgx         = "github.com/jackc/pgx/v5"
	pgxpool     = "github.com/jackc/pgx/v5/pgxpool"
	pgxV4       = "github.com/jackc/pgx/v4"
	pgxpoolV4   = "github.com/jackc/pgx/v4/pgxpool"
	sqlx        = "github.com/jmoiron/sqlx"
	gorm        = "gorm.io/gorm"
)

// sqlEntries returns the SQL part of the table.
func sqlEntries() []Entry {
	var t []Entry
	add := func(lib, name string, class Class, text, args int, rows bool, h Handle) {
		t = append(t, Entry{Name: name, Class: class, Text: text, Args: args, Rows: rows, Handle: h, Library: lib})
	}
	named := func(lib, name string, text int, h Handle) {
		t = append(t, Entry{Name: name, Class: SQLExec, Text: text, Args: text + 1, Named: true, Handle: h, Library: lib})
	}

	// database/sql: DB is pooled, Conn pins a session, Tx is a transaction.
	for _, recv := range []struct {
		typ string
		h   Handle
	}{{"DB", Pooled}, {"Conn", Session}, {"Tx", Transaction}} {
		p := "(*database/sql." + recv.typ + ")."
		if recv.typ != "Conn" { // Conn has only the Context variants
			add(databaseSQL, p+"Exec", SQLExec, 0, 1, false, recv.h)
			add(databaseSQL, p+"Query", SQLExec, 0, 1, true, recv.h)
			add(databaseSQL, p+"QueryRow", SQLExec, 0, 1, true, recv.h)
			add(databaseSQL, p+"Prepare", SQLPrepare, 0, -1, false, recv.h)
		}
		add(databaseSQL, p+"ExecContext", SQLExec, 1, 2, false, recv.h)
		add(databaseSQL, p+"QueryContext", SQLExec, 1, 2, true, recv.h)
		add(databaseSQL, p+"QueryRowContext", SQLExec, 1, 2, true, recv.h)
		add(databaseSQL, p+"PrepareContext", SQLPrepare, 1, -1, false, recv.h)
	}
	add(databaseSQL, "(*database/sql.DB).Begin", TxBegin, -1, -1, false, Pooled)
	add(databaseSQL, "(*database/sql.DB).BeginTx", TxBegin, -1, -1, false, Pooled)
	add(databaseSQL, "(*database/sql.Conn).BeginTx", TxBegin, -1, -1, false, Session)
	add(databaseSQL, "(*database/sql.Tx).Commit", TxEnd, -1, -1, false, Transaction)
	add(databaseSQL, "(*database/sql.Tx).Rollback", TxEnd, -1, -1, false, Transaction)
	add(databaseSQL, "(*database/sql.Stmt).Exec", SQLStmtExec, -1, 0, false, Pooled)
	add(databaseSQL, "(*database/sql.Stmt).ExecContext", SQLStmtExec, -1, 1, false, Pooled)
	add(databaseSQL, "(*database/sql.Stmt).Query", SQLStmtExec, -1, 0, true, Pooled)
	add(databaseSQL, "(*database/sql.Stmt).QueryContext", SQLStmtExec, -1, 1, true, Pooled)
	add(databaseSQL, "(*database/sql.Stmt).QueryRow", SQLStmtExec, -1, 0, true, Pooled)
	add(databaseSQL, "(*database/sql.Stmt).QueryRowContext", SQLStmtExec, -1, 1, true, Pooled)

	// pgx v5 and v4: Conn pins a session, pgxpool.Pool is pooled,
	// pgxpool.Conn pins a session, Tx (interface and pgxpool.Tx) is a
	// transaction. The two versions' methods have the same signatures.
	for _, v := range []struct{ pgx, pool string }{{pgx, pgxpool}, {pgxV4, pgxpoolV4}} {
		for _, recv := range []struct {
			lib, prefix string
			h           Handle
		}{
			{v.pgx, "(*" + v.pgx + ".Conn).", Session},
			{v.pgx, "(" + v.pgx + ".Tx).", Transaction},
			{v.pool, "(*" + v.pool + ".Pool).", Pooled},
			{v.pool, "(*" + v.pool + ".Conn).", Session},
			{v.pool, "(*" + v.pool + ".Tx).", Transaction},
		} {
			add(recv.lib, recv.prefix+"Exec", SQLExec, 1, 2, false, recv.h)
			add(recv.lib, recv.prefix+"Query", SQLExec, 1, 2, true, recv.h)
			add(recv.lib, recv.prefix+"QueryRow", SQLExec, 1, 2, true, recv.h)
			add(recv.lib, recv.prefix+"Begin", TxBegin, -1, -1, false, recv.h)
			if recv.h == Transaction {
				add(recv.lib, recv.prefix+"Commit", TxEnd, -1, -1, false, recv.h)
				add(recv.lib, recv.prefix+"Rollback", TxEnd, -1, -1, false, recv.h)
			} else {
				add(recv.lib, recv.prefix+"BeginTx", TxBegin, -1, -1, false, recv.h)
			}
		}
		add(v.pgx, "(*"+v.pgx+".Batch).Queue", SQLQueue, 0, 1, false, Pooled)
	}

	// sqlx: DB and Tx embed *sql.DB and *sql.Tx, so Exec and friends
	// resolve to database/sql; only sqlx's own entry points are listed.
	for _, recv := range []struct {
		typ string
		h   Handle
	}{{"DB", Pooled}, {"Tx", Transaction}} {
		p := "(*github.com/jmoiron/sqlx." + recv.typ + ")."
		named(sqlx, p+"NamedExec", 0, recv.h)
		named(sqlx, p+"NamedExecContext", 1, recv.h)
		add(sqlx, p+"MustExec", SQLExec, 0, 1, false, recv.h)
		add(sqlx, p+"MustExecContext", SQLExec, 1, 2, false, recv.h)
		add(sqlx, p+"QueryRowx", SQLExec, 0, 1, true, recv.h)
		add(sqlx, p+"QueryRowxContext", SQLExec, 1, 2, true, recv.h)
		add(sqlx, p+"Preparex", SQLPrepare, 0, -1, false, recv.h)
		add(sqlx, p+"PreparexContext", SQLPrepare, 1, -1, false, recv.h)
		add(sqlx, p+"PrepareNamed", SQLPrepare, 0, -1, false, recv.h)
		add(sqlx, p+"PrepareNamedContext", SQLPrepare, 1, -1, false, recv.h)
		add(sqlx, p+"Rebind", Identity, 0, -1, false, recv.h)
	}
	add(sqlx, "(*github.com/jmoiron/sqlx.DB).Beginx", TxBegin, -1, -1, false, Pooled)
	add(sqlx, "(*github.com/jmoiron/sqlx.DB).BeginTxx", TxBegin, -1, -1, false, Pooled)
	add(sqlx, "(*github.com/jmoiron/sqlx.DB).MustBegin", TxBegin, -1, -1, false, Pooled)
	add(sqlx, "(*github.com/jmoiron/sqlx.DB).MustBeginTx", TxBegin, -1, -1, false, Pooled)
	add(sqlx, "github.com/jmoiron/sqlx.In", ListExpand, 0, 1, false, Pooled)
	// sqlx's interfaces, which a project's own interface embeds
	// (type DB interface{ sqlx.ExtContext }): a call through them is read
	// as on *sqlx.DB, a pool, since the value may be any handle. Rebind,
	// BindNamed and Named rewrite the text, which is read through them.
	const sx = "(github.com/jmoiron/sqlx."
	add(sqlx, sx+"ExecerContext).ExecContext", SQLExec, 1, 2, false, Pooled)
	add(sqlx, sx+"Execer).Exec", SQLExec, 0, 1, false, Pooled)
	for _, m := range []string{"QueryContext", "QueryxContext", "QueryRowxContext"} {
		add(sqlx, sx+"QueryerContext)."+m, SQLExec, 1, 2, true, Pooled)
	}
	for _, m := range []string{"Query", "Queryx", "QueryRowx"} {
		add(sqlx, sx+"Queryer)."+m, SQLExec, 0, 1, true, Pooled)
	}
	add(sqlx, sx+"binder).Rebind", Identity, 0, -1, false, Pooled)
	add(sqlx, sx+"binder).BindNamed", Identity, 0, -1, false, Pooled)
	add(sqlx, "github.com/jmoiron/sqlx.Named", Identity, 0, -1, false, Pooled)
	add(sqlx, "github.com/jmoiron/sqlx.BindNamed", Identity, 1, -1, false, Pooled)
	add(sqlx, "(*github.com/jmoiron/sqlx.DB).BindNamed", Identity, 0, -1, false, Pooled)
	named(sqlx, "github.com/jmoiron/sqlx.NamedExec", 1, Pooled)
	named(sqlx, "github.com/jmoiron/sqlx.NamedExecContext", 2, Pooled)
	add(sqlx, "github.com/jmoiron/sqlx.MustExec", SQLExec, 1, 2, false, Pooled)
	add(sqlx, "github.com/jmoiron/sqlx.MustExecContext", SQLExec, 2, 3, false, Pooled)
	add(sqlx, "(*github.com/jmoiron/sqlx.Stmt).MustExec", SQLStmtExec, -1, 0, false, Pooled)
	add(sqlx, "(*github.com/jmoiron/sqlx.Stmt).MustExecContext", SQLStmtExec, -1, 1, false, Pooled)
	for _, m := range []string{"Exec", "MustExec"} {
		t = append(t,
			Entry{Name: "(*github.com/jmoiron/sqlx.NamedStmt)." + m, Class: SQLStmtExec, Text: -1, Args: 0, Named: true, Library: sqlx},
			Entry{Name: "(*github.com/jmoiron/sqlx.NamedStmt)." + m + "Context", Class: SQLStmtExec, Text: -1, Args: 1, Named: true, Library: sqlx})
	}

	// GORM: every chain method returns *gorm.DB; guards live in Where and
	// Clauses earlier in the chain. Save falls back to an unconditional
	// upsert when its UPDATE matches no row, so it is always a sink.
	const g = "(*gorm.io/gorm.DB)."
	add(gorm, g+"Save", Sink, -1, -1, false, Pooled)
	for _, m := range []string{"Update", "Updates", "UpdateColumn", "UpdateColumns", "Delete"} {
		add(gorm, g+m, ORMWrite, -1, -1, false, Pooled)
	}
	add(gorm, g+"Create", ORMCreate, -1, -1, false, Pooled)
	add(gorm, g+"CreateInBatches", ORMCreate, -1, -1, false, Pooled)
	add(gorm, g+"Exec", SQLExec, 0, 1, false, Pooled)
	add(gorm, g+"Raw", SQLExec, 0, 1, true, Pooled)
	for _, m := range []string{"Where", "Not", "Or", "Clauses", "Model", "Table", "Select", "Omit", "WithContext", "Session", "Debug", "Unscoped"} {
		add(gorm, g+m, ORMChain, -1, -1, false, Pooled)
	}
	add(gorm, g+"Begin", TxBegin, -1, -1, false, Pooled)
	add(gorm, g+"Commit", TxEnd, -1, -1, false, Transaction)
	add(gorm, g+"Rollback", TxEnd, -1, -1, false, Transaction)
	return t
}
