// Package zk synthesizes the part of github.com/go-zookeeper/zk that fencecheck's tests need, with the real signatures.
package zk

import (
	"errors"
	"time"
)

const (
	FlagEphemeral           = 1
	FlagSequence            = 2
	FlagEphemeralSequential = 3
)

const PermAll = 0x1f

var (
	ErrNoNode     = errors.New("zk: node does not exist")
	ErrNodeExists = errors.New("zk: node already exists")
	ErrBadVersion = errors.New("zk: version conflict")
)

type State int32

const (
	StateExpired    State = -112
	StateHasSession State = 101
)

type EventType int32

type Event struct {
	Type   EventType
	State  State
	Path   string
	Err    error
	Server string
}

type ACL struct {
	Perms  int32
	Scheme string
	ID     string
}

func WorldACL(perms int32) []ACL { return nil }

type Stat struct {
	Czxid          int64
	Mzxid          int64
	Ctime          int64
	Mtime          int64
	Version        int32
	Cversion       int32
	Aversion       int32
	EphemeralOwner int64
	DataLength     int32
	NumChildren    int32
	Pzxid          int64
}

type Conn struct{}

type connOption func(c *Conn)

func Connect(servers []string, sessionTimeout time.Duration, options ...connOption) (*Conn, <-chan Event, error) {
	return nil, nil, nil
}

func (c *Conn) Close() {}

func (c *Conn) State() State { return 0 }

func (c *Conn) SessionID() int64 { return 0 }

func (c *Conn) Children(path string) ([]string, *Stat, error) { return nil, nil, nil }

func (c *Conn) Get(path string) ([]byte, *Stat, error) { return nil, nil, nil }

func (c *Conn) GetW(path string) ([]byte, *Stat, <-chan Event, error) { return nil, nil, nil, nil }

func (c *Conn) Exists(path string) (bool, *Stat, error) { return false, nil, nil }

func (c *Conn) ExistsW(path string) (bool, *Stat, <-chan Event, error) {
	return false, nil, nil, nil
}

func (c *Conn) Create(path string, data []byte, flags int32, acl []ACL) (string, error) {
	return "", nil
}

func (c *Conn) CreateContainer(path string, data []byte, flag int32, acl []ACL) (string, error) {
	return "", nil
}

func (c *Conn) CreateTTL(path string, data []byte, flag int32, acl []ACL, ttl time.Duration) (string, error) {
	return "", nil
}

func (c *Conn) CreateProtectedEphemeralSequential(path string, data []byte, acl []ACL) (string, error) {
	return "", nil
}

func (c *Conn) Set(path string, data []byte, version int32) (*Stat, error) { return nil, nil }

func (c *Conn) Delete(path string, version int32) error { return nil }

func (c *Conn) Multi(ops ...interface{}) ([]MultiResponse, error) { return nil, nil }

type PathVersionRequest struct {
	Path    string
	Version int32
}

type (
	CheckVersionRequest PathVersionRequest
	DeleteRequest       PathVersionRequest
)

type CreateRequest struct {
	Path  string
	Data  []byte
	Acl   []ACL
	Flags int32
}

type SetDataRequest struct {
	Path    string
	Data    []byte
	Version int32
}

type MultiResponse struct {
	Stat   *Stat
	String string
	Error  error
}

type Lock struct{}

func NewLock(c *Conn, path string, acl []ACL) *Lock { return nil }

func (l *Lock) Lock() error { return nil }

func (l *Lock) LockWithData(data []byte) error { return nil }

func (l *Lock) Unlock() error { return nil }
