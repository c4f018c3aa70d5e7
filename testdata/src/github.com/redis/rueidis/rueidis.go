// Package rueidis synthesizes the part of github.com/redis/rueidis that fencecheck's tests need, with the real signatures.
//
// Builder and Completed alias the types of internal/cmds: a command is
// built with client.B().Set().Key(k).Value(v).Nx().Px(ttl).Build() and run
// with Do. Client and DedicatedClient embed CoreClient, which embeds
// CommandClient, so Do and DoMulti resolve to (CommandClient).Do and
// (CommandClient).DoMulti.
package rueidis

import (
	"context"
	"errors"

	"github.com/redis/rueidis/internal/cmds"
)

type Builder = cmds.Builder

type Incomplete = cmds.Incomplete

type Completed = cmds.Completed

type ClientOption struct {
	Username    string
	Password    string
	InitAddress []string
	SelectDB    int
}

func NewClient(option ClientOption) (client Client, err error) { return nil, nil }

type CommandClient interface {
	B() Builder
	Do(ctx context.Context, cmd Completed) (resp RedisResult)
	DoMulti(ctx context.Context, multi ...Completed) (resp []RedisResult)
}

type CoreClient interface {
	CommandClient
	Close()
}

type Client interface {
	CoreClient
	Dedicated(fn func(DedicatedClient) error) (err error)
	Dedicate() (client DedicatedClient, cancel func())
}

type DedicatedClient interface {
	CoreClient
}

type RedisResult struct {
	err error
}

func (r RedisResult) Error() (err error) { return r.err }

func (r RedisResult) ToString() (v string, err error) { return "", r.err }

func (r RedisResult) ToInt64() (v int64, err error) { return 0, r.err }

func (r RedisResult) AsBool() (v bool, err error) { return false, r.err }

func (r RedisResult) AsInt64() (v int64, err error) { return 0, r.err }

var errNil = errors.New("redis nil message")

func IsRedisNil(err error) bool { return errors.Is(err, errNil) }

type LuaOption func(*Lua)

type Lua struct {
	script string
}

func NewLuaScript(script string, opts ...LuaOption) *Lua { return &Lua{script: script} }

func (s *Lua) Exec(ctx context.Context, c Client, keys, args []string) (resp RedisResult) {
	return RedisResult{}
}
