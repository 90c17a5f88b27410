// The linter: TypeScript's recommended rules plus the rules that hold this codebase's shape
// (CONTRIBUTING.md, "Code conventions"). `npm run lint` runs it; `npm test` runs it before the tests.
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Spanish words that name things in this codebase. Identifiers are English everywhere; Spanish
 * stays in visible text, URLs, the posted form's field names and the catalogue's records
 * (app/catalogo/, whose modules are the shop's own data). Matched at a word start in camelCase or
 * SNAKE_CASE names, alone or plural (so `limited` is English, `limite` and `limites` are not).
 */
const SPANISH_WORDS = [
  'actualizado',
  'ahora',
  'ajuste',
  'anio',
  'articulo',
  'averia',
  'aviso',
  'caida',
  'campo',
  'cierre',
  'cifra',
  'cliente',
  'comentario',
  'conservacion',
  'consola',
  'consulta',
  'contacto',
  'correo',
  'cuerpo',
  'dato',
  'descripcion',
  'dia',
  'direccion',
  'embalaje',
  'encontrada',
  'encontrado',
  'enlace',
  'envio',
  'estado',
  'etiqueta',
  'extracto',
  'fallo',
  'fecha',
  'forma',
  'garantia',
  'grupo',
  'guia',
  'historial',
  'hora',
  'horario',
  'icono',
  'imagen',
  'inicio',
  'lectura',
  'limite',
  'lugar',
  'mando',
  'marca',
  'mensaje',
  'minuto',
  'modelo',
  'motivo',
  'nombre',
  'nota',
  'numero',
  'otro',
  'pagina',
  'parrafo',
  'parte',
  'paso',
  'plantilla',
  'plataforma',
  'pregunta',
  'precio',
  'presupuesto',
  'privacidad',
  'recibido',
  'referencia',
  'relacionado',
  'reparacion',
  'respuesta',
  'resumen',
  'ruta',
  'seccion',
  'segundo',
  'seguimiento',
  'sello',
  'servicio',
  'siguiente',
  'solicitud',
  'tarjeta',
  'telefono',
  'texto',
  'tienda',
  'tipo',
  'titulo',
  'ventaja',
]
const capitalised = (word) => `[${word[0]}${word[0].toUpperCase()}]${word.slice(1)}`
const SPANISH = `(^|_|[a-z](?=[A-Z]))(${SPANISH_WORDS.map(capitalised).join('|')})(e?s)?(?=$|[A-Z0-9_])|(^|_)(${SPANISH_WORDS.map((w) => w.toUpperCase()).join('|')})(E?S)?(?=$|_)`
const english = { regex: SPANISH, match: false }

/** Imports that cross a boundary: `from` the files, `to` the modules they may not reach. */
const boundary = (message, ...regexes) => ({ patterns: regexes.map((regex) => ({ regex, message })) })
/** The same, where the types of the crossed module (not its values) may be named. */
const typesOnly = (message, ...regexes) => ({
  patterns: regexes.map((regex) => ({ regex, message, allowTypeImports: true })),
})

/**
 * The quote function's folders, lowest first (functions/enviar-telegram/README.md, docs/decisions/121).
 * A folder imports its own modules and those of the layers below it, never a sibling of its layer or a
 * folder above; nothing imports the entry (index.ts), which sits above them all.
 */
const FUNCTION_LAYERS = [
  ['platform'],
  ['records'],
  ['quotes', 'health'],
  ['offers'],
  ['payments'],
  ['chat', 'email'],
  ['privacy'],
  ['delivery'],
  ['intake', 'inbox', 'tracking', 'stripe-events', 'status'],
  ['sweep'],
]

/** What no module of the function imports: the site's code (only app/shared/, as ~shared/). */
const FUNCTION_OUTSIDE = boundary(
  'La función solo importa de app/ lo compartido, por ~shared/.',
  '^~/',
  '(^|/)app/',
  '^\\.\\./\\.\\./',
)

/**
 * One config per folder of the function: what it may not import. It repeats FUNCTION_OUTSIDE, because a
 * later config's no-restricted-imports replaces an earlier one's for the same files.
 */
const functionLayerRules = FUNCTION_LAYERS.flatMap((layer, index) =>
  layer.map((folder) => {
    const above = FUNCTION_LAYERS.slice(index)
      .flat()
      .filter((other) => other !== folder)
    return {
      files: [`functions/enviar-telegram/${folder}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...FUNCTION_OUTSIDE.patterns,
              ...boundary(
                `functions/enviar-telegram/${folder}/ importa solo de sí misma y de las carpetas de debajo (docs/decisions/121): no de ${above.join(', ')} ni de index.ts.`,
                `^\\.\\./(${above.join('|')})(/|$)`,
                '^\\.\\./index$',
              ).patterns,
            ],
          },
        ],
      },
    }
  }),
)

export default tseslint.config(
  {
    ignores: [
      'build/',
      'public/build/',
      'public/enhance/',
      '.cache/',
      '**/.wrangler/',
      'node_modules/',
      'artifacts/',
      'test-results/',
      '**/*.generated.*',
      'app/catalogo/articulos.generado.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'no-console': 'off',
      '@typescript-eslint/naming-convention': [
        'error',
        { selector: ['variable', 'function', 'parameter', 'typeLike'], format: null, custom: english },
        // Destructured names are the record's or the form's own keys.
        { selector: ['variable', 'parameter'], modifiers: ['destructured'], format: null },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The catalogue is the shop's data: its modules, exports and records speak Spanish.
    files: ['app/catalogo/**'],
    rules: { '@typescript-eslint/naming-convention': 'off' },
  },
  {
    // Components receive data: they never read the catalogue or the root route.
    files: ['app/components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        typesOnly(
          'Los componentes reciben los datos: el catálogo lo leen los loaders.',
          '^~/catalogo(/|$)',
          '^\\.\\./catalogo(/|$)',
        ),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='~/root']",
          message: 'Los componentes no importan ~/root: reciben sus datos.',
        },
      ],
    },
  },
  {
    // The quote function is its own Worker: of the site it imports only what both share.
    files: ['functions/**'],
    rules: {
      'no-restricted-imports': ['error', FUNCTION_OUTSIDE],
    },
  },
  ...functionLayerRules,
  {
    // What both Workers share holds nothing of either Worker's own code.
    files: ['app/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        boundary(
          'app/shared/ no importa nada de un Worker: solo de sí mismo y de paquetes.',
          '^~/',
          '^\\.\\./',
          '^functions/',
        ),
      ],
    },
  },
  {
    // Workers: a promise nobody awaits is work the runtime may cut off, or an error nobody sees.
    files: ['app/**/*.server.ts', 'app/routes/**', 'app/entry.server.tsx', 'server.ts', 'functions/**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
  {
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/naming-convention': 'off' },
  },
)
