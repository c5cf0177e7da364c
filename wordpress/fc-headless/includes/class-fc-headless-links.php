<?php
/**
 * The site's URLs for FC's content (plain PHP, no WordPress): English without a prefix, Italian
 * under /it with Italian path words. Products are `/products/{id}` (`/it/prodotti/{id}`),
 * categories, collections and exclusives `/{word}/{slug}`, projects their list, company pages
 * by their English slug (`manufacture` → `/it/manifattura`), the front page `/` or `/it`.
 * The same table as the site's common/locale.ts.
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || defined( 'FC_HEADLESS_TESTING' ) || exit;

final class FC_Headless_Links {

	const DEFAULT_LANG = 'en';

	/** Path words per language (common/locale.ts SEGMENTS). */
	const WORDS = array(
		'products'    => array( 'en' => 'products', 'it' => 'prodotti' ),
		'categories'  => array( 'en' => 'categories', 'it' => 'categorie' ),
		'collections' => array( 'en' => 'collections', 'it' => 'collezioni' ),
		'exclusives'  => array( 'en' => 'exclusives', 'it' => 'esclusivi' ),
		'projects'    => array( 'en' => 'projects', 'it' => 'progetti' ),
		'about'       => array( 'en' => 'about', 'it' => 'about' ),
		'manufacture' => array( 'en' => 'manufacture', 'it' => 'manifattura' ),
		'funding'     => array( 'en' => 'funding', 'it' => 'finanziamenti' ),
		'prove'       => array( 'en' => 'prove', 'it' => 'prove' ),
		'contact'     => array( 'en' => 'contact', 'it' => 'contatti' ),
		'newsletter'  => array( 'en' => 'newsletter', 'it' => 'newsletter' ),
	);

	/** Company pages: a WordPress page each, known by its English slug. */
	const COMPANY_PAGES = array( 'about', 'manufacture', 'funding', 'prove', 'contact', 'newsletter' );

	public static function prefix( string $lang ): string {
		return ( '' === $lang || self::DEFAULT_LANG === $lang ) ? '' : '/' . rawurlencode( $lang );
	}

	public static function word( string $section, string $lang ): string {
		$words = self::WORDS[ $section ] ?? array();
		return $words[ $lang ] ?? ( $words[ self::DEFAULT_LANG ] ?? $section );
	}

	/** `/it/collezioni/marea`: the language prefix, then path words and (encoded) values. */
	public static function path( string $lang, array $parts = array() ): string {
		$words = array();
		foreach ( $parts as $part ) {
			$words[] = is_string( $part ) && isset( self::WORDS[ $part ] ) ? self::word( $part, $lang ) : rawurlencode( (string) $part );
		}
		$path = self::prefix( $lang ) . ( $words ? '/' . implode( '/', $words ) : '' );
		return '' === $path ? '/' : $path;
	}

	/**
	 * The site path of an item, or null when the site has no page for it.
	 *
	 * @param string     $kind A REST base (`products`, `product_categories`, `collections`,
	 *                         `exclusives`, `projects`, `product_colors`, `pages`) or `front-page`.
	 * @param string     $lang The item's language.
	 * @param int|string $key  The id (products), the slug (terms, editions) or, for pages, the
	 *                         English slug of the page (its own or its English translation's).
	 */
	public static function item_path( string $kind, string $lang, $key = '' ): ?string {
		switch ( $kind ) {
			case 'front-page':
				return self::path( $lang );
			case 'products':
				return (int) $key > 0 ? self::path( $lang, array( 'products', (int) $key ) ) : self::path( $lang, array( 'products' ) );
			case 'product_categories':
				return '' !== (string) $key ? self::path( $lang, array( 'categories', (string) $key ) ) : self::path( $lang, array( 'categories' ) );
			case 'product_colors':
				return self::path( $lang, array( 'products' ) );
			case 'collections':
			case 'exclusives':
				return '' !== (string) $key ? self::path( $lang, array( $kind, (string) $key ) ) : self::path( $lang, array( $kind ) );
			case 'projects':
				return self::path( $lang, array( 'projects' ) );
			case 'pages':
				if ( in_array( (string) $key, self::COMPANY_PAGES, true ) ) {
					return self::path( $lang, array( (string) $key ) );
				}
				return null;
		}
		return null;
	}

	/** An absolute URL on the site (`$site` without a trailing slash). */
	public static function url( string $site, string $path ): string {
		return rtrim( $site, '/' ) . $path;
	}

	/** The preview link: `<site>/preview?type=<rest base>&id=<id>&exp=<unix>&sig=<hex>`. */
	public static function preview_url( string $site, string $type, int $id, int $expires, string $signature ): string {
		return rtrim( $site, '/' ) . '/preview?' . http_build_query(
			array(
				'type' => $type,
				'id'   => $id,
				'exp'  => $expires,
				'sig'  => $signature,
			),
			'',
			'&',
			PHP_QUERY_RFC3986
		);
	}
}
