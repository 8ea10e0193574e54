/*
 * Grammar of DML, the R-like language of planlab (see shared/design/DML.md).
 *
 * Newlines are whitespace: DML statements are self-delimiting (an expression never
 * starts a statement), so a statement ends where the next cannot continue it. The AST
 * builder additionally requires a newline or ';' between two statements, which is the
 * documented rule. Positions and all semantic checks (types, names, arity) are the AST
 * builder's and the validator's job; this grammar only fixes the syntax and the
 * operator precedence.
 */
grammar Dml;

program
    : (statement | SEMI)* EOF
    ;

statement
    : SOURCE '(' path=STRING ')' AS alias=ID                                   # sourceStatement
    | name=ID assignOp FUNCTION '(' (params+=parameter (',' params+=parameter)*)? ')'
          (RETURN '(' (results+=parameter (',' results+=parameter)*)? ')')?
          block                                                               # functionDefinition
    | '[' targets+=ID (',' targets+=ID)* ']' assignOp value=expression        # multiAssignment
    | target=ID index=indexSuffix assignOp value=expression                   # indexedAssignment
    | target=ID assignOp value=expression                                     # assignment
    | target=ID index=indexSuffix? op='+=' value=expression                   # accumulation
    | call                                                                    # callStatement
    | IF '(' cond=expression ')' thenBody=body (ELSE elseBody=body)?          # ifStatement
    | WHILE '(' cond=expression ')' loopBody=body                             # whileStatement
    | FOR '(' var=ID IN range=iterRange (',' options+=argument)* ')'
          loopBody=body                                                       # forStatement
    | PARFOR '(' var=ID IN range=iterRange (',' options+=argument)* ')'
          loopBody=body                                                       # parforStatement
    ;

assignOp
    : '=' | '<-'
    ;

// a braced block, or a single statement (optionally followed by ';')
body
    : block SEMI*
    | statement SEMI*
    ;

block
    : '{' (statement | SEMI)* '}'
    ;

parameter
    : type=typeSpec name=ID ('=' defaultValue=expression)?
    ;

typeSpec
    : dataType=ID ('[' valueType=ID ']')?
    ;

iterRange
    : from=expression ':' to=expression                                      # colonRange
    | seq=call                                                               # seqRange
    ;

indexSuffix
    : '[' rows=indexRange? (comma=',' cols=indexRange?)? ']'
    ;

indexRange
    : lower=expression (':' upper=expression)?
    ;

call
    : (namespace=ID '::')? name=ID '(' (args+=argument (',' args+=argument)*)? ')'
    ;

argument
    : (name=ID '=')? value=expression
    ;

// Precedence from highest to lowest, as DML.md lists it; ANTLR gives earlier
// alternatives higher precedence. Prefix operators bind their operand at their own level,
// so -2^2 is -(2^2) and !a & b is (!a) & b.
expression
    : <assoc=right> left=expression op='^' right=expression                   # binaryExpr
    | op=('-' | '+') operand=expression                                       # unaryExpr
    | left=expression op=('%*%' | '%/%' | '%%') right=expression              # binaryExpr
    | left=expression op=('*' | '/') right=expression                         # binaryExpr
    | left=expression op=('+' | '-') right=expression                         # binaryExpr
    | left=expression op=('<' | '<=' | '>' | '>=' | '==' | '!=') right=expression  # binaryExpr
    | op='!' operand=expression                                               # unaryExpr
    | left=expression op=('&' | '&&') right=expression                        # binaryExpr
    | left=expression op=('|' | '||') right=expression                        # binaryExpr
    | '(' inner=expression ')'                                                # parenExpr
    | call                                                                    # callExpr
    | name=ID index=indexSuffix                                               # indexExpr
    | name=ID                                                                 # identifierExpr
    | CMD_ARG                                                                 # commandLineExpr
    | INT                                                                     # intLiteral
    | DOUBLE                                                                  # doubleLiteral
    | STRING                                                                  # stringLiteral
    | value=(TRUE | FALSE)                                                    # booleanLiteral
    | NAN                                                                     # nanLiteral
    | INF                                                                     # infLiteral
    ;

// ---------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------

SOURCE   : 'source';
AS       : 'as';
FUNCTION : 'function';
RETURN   : 'return';
IF       : 'if';
ELSE     : 'else';
WHILE    : 'while';
FOR      : 'for';
PARFOR   : 'parfor';
IN       : 'in';
TRUE     : 'TRUE';
FALSE    : 'FALSE';
NAN      : 'NaN';
INF      : 'Inf';

SEMI     : ';';

INT
    : DIGIT+
    ;

DOUBLE
    : DIGIT+ '.' DIGIT* EXPONENT?
    | '.' DIGIT+ EXPONENT?
    | DIGIT+ EXPONENT
    ;

// letters first, then letters, digits, '_' and '.' (as.scalar, index.return)
ID
    : LETTER (LETTER | DIGIT | '_' | '.')*
    ;

// $name or $1: command-line arguments, substituted by the front end
CMD_ARG
    : '$' LETTER (LETTER | DIGIT | '_')*
    | '$' DIGIT+
    ;

STRING
    : '"' (ESCAPE | ~["\\])* '"'
    | '\'' (ESCAPE | ~['\\])* '\''
    ;

LINE_COMMENT  : '#' ~[\r\n]* -> skip;
BLOCK_COMMENT : '/*' .*? '*/' -> skip;
WHITESPACE    : [ \t\r\n\f]+ -> skip;

// anything else becomes a token the parser rejects with its position
ERROR_CHAR : .;

fragment DIGIT    : [0-9];
fragment LETTER   : [a-zA-Z];
fragment EXPONENT : [eE] [+-]? DIGIT+;
fragment ESCAPE   : '\\' [btnfr"'\\];
