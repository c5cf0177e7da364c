<?php
/**
 * The site's URLs.
 *
 * @package FC_Headless
 */

FC_Test::test(
	'products by id, editions and categories by slug, Italian under /it with Italian words',
	static function () {
		FC_Test::same( '/products/12', FC_Headless_Links::item_path( 'products', 'en', 12 ) );
		FC_Test::same( '/it/prodotti/1012', FC_Headless_Links::item_path( 'products', 'it', 1012 ) );
		FC_Test::same( '/categories/vases', FC_Headless_Links::item_path( 'product_categories', 'en', 'vases' ) );
		FC_Test::same( '/it/categorie/vasi', FC_Headless_Links::item_path( 'product_categories', 'it', 'vasi' ) );
		FC_Test::same( '/collections/marea', FC_Headless_Links::item_path( 'collections', 'en', 'marea' ) );
		FC_Test::same( '/it/collezioni/marea-it', FC_Headless_Links::item_path( 'collections', 'it', 'marea-it' ) );
		FC_Test::same( '/it/esclusivi/ninfea-it', FC_Headless_Links::item_path( 'exclusives', 'it', 'ninfea-it' ) );
		FC_Test::same( '/it/progetti', FC_Headless_Links::item_path( 'projects', 'it', 'osteria' ) );
		FC_Test::same( '/it/prodotti', FC_Headless_Links::item_path( 'product_colors', 'it', 'cipria' ), 'colours have no page' );
		FC_Test::same( null, FC_Headless_Links::item_path( 'designers', 'en', 'x' ) );
		FC_Test::same( '/collections/caf%C3%A8', FC_Headless_Links::item_path( 'collections', 'en', 'cafè' ) );
	}
);

FC_Test::test(
	'company pages by their English slug, the front page per language',
	static function () {
		$pages = array(
			'about'       => array( '/about', '/it/about' ),
			'manufacture' => array( '/manufacture', '/it/manifattura' ),
			'funding'     => array( '/funding', '/it/finanziamenti' ),
			'prove'       => array( '/prove', '/it/prove' ),
			'contact'     => array( '/contact', '/it/contatti' ),
			'newsletter'  => array( '/newsletter', '/it/newsletter' ),
		);
		foreach ( $pages as $slug => list( $en, $it ) ) {
			FC_Test::same( $en, FC_Headless_Links::item_path( 'pages', 'en', $slug ), $slug );
			FC_Test::same( $it, FC_Headless_Links::item_path( 'pages', 'it', $slug ), $slug );
		}
		FC_Test::same( null, FC_Headless_Links::item_path( 'pages', 'en', 'trade' ), 'no site page' );
		FC_Test::same( '/', FC_Headless_Links::item_path( 'front-page', 'en' ) );
		FC_Test::same( '/it', FC_Headless_Links::item_path( 'front-page', 'it' ) );
	}
);

FC_Test::test(
	'absolute URLs and the preview link',
	static function () {
		FC_Test::same( 'https://fc.example/it/prodotti/7', FC_Headless_Links::url( 'https://fc.example/', '/it/prodotti/7' ) );
		FC_Test::same(
			'https://fc.example/preview?type=products&id=12&exp=1700000000&sig=abc123',
			FC_Headless_Links::preview_url( 'https://fc.example', 'products', 12, 1700000000, 'abc123' )
		);
		FC_Test::same(
			'https://fc.example/preview?type=imagemap_products&id=3&exp=5&sig=ff',
			FC_Headless_Links::preview_url( 'https://fc.example/', 'imagemap_products', 3, 5, 'ff' )
		);
	}
);
